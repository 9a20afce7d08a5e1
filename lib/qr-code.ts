import "server-only";
import QRCode from "qrcode";

/**
 * A QR code of `text` as a PNG data URL, drawn on the server so the page does not carry the QR
 * library to the browser; undefined if it cannot be drawn (the page then offers the text alone).
 */
export async function qrCodeDataUrl(text: string, width: number): Promise<string | undefined> {
  return QRCode.toDataURL(text, { width, margin: 2, errorCorrectionLevel: "M" }).catch(() => undefined);
}
