// Test support: a passkey authenticator in software, for tests of the server's WebAuthn flows
// against @simplewebauthn/server itself (not mocks of it). It holds ES256 key pairs made with
// node:crypto and answers the server's options as a browser would pass on an authenticator's
// answer: attestation "none" at registration, a signed assertion at sign-in or confirmation.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from "@simplewebauthn/server";

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

interface Credential {
  id: Buffer;
  privateKey: KeyObject;
  publicKey: KeyObject;
  userHandle: string;
  rpId: string;
  counter: number;
}

export interface AnswerOptions {
  /** The user was verified (PIN, fingerprint): the UV flag. True unless a test says otherwise. */
  userVerified?: boolean;
  /** Overrides the signature counter sent (a cloned authenticator's counter goes backwards). */
  counter?: number;
  /** Signs for another origin than the authenticator's (a phishing site's). */
  origin?: string;
  /** Which of the authenticator's credentials answers (the first that is allowed, by default). */
  credentialId?: string;
}

export class SoftwareAuthenticator {
  readonly credentials: Credential[] = [];

  constructor(readonly origin: string) {}

  /** Creates a credential for the options' relying party and user, as navigator.credentials.create(). */
  register(
    options: PublicKeyCredentialCreationOptionsJSON,
    answer: AnswerOptions = {},
  ): RegistrationResponseJSON {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    const credential: Credential = {
      id: randomBytes(32),
      privateKey,
      publicKey,
      userHandle: options.user.id,
      rpId,
      counter: 0,
    };
    this.credentials.push(credential);
    const jwk = publicKey.export({ format: "jwk" });
    const cose = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x ?? "", "base64url")],
      [-3, Buffer.from(jwk.y ?? "", "base64url")],
    ]);
    const coseKey = Buffer.from(isoCBOR.encode(cose));
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credential.id.length);
    const authData = Buffer.concat([
      rpIdHash(rpId),
      Buffer.from([FLAG_UP | FLAG_AT | (answer.userVerified === false ? 0 : FLAG_UV)]),
      counterBytes(0),
      Buffer.alloc(16), // AAGUID: none
      idLength,
      credential.id,
      coseKey,
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ["fmt", "none"],
        ["attStmt", new Map<string, string>()],
        ["authData", new Uint8Array(authData)],
      ]),
    );
    const clientDataJSON = clientData("webauthn.create", options.challenge, answer.origin ?? this.origin);
    const id = credential.id.toString("base64url");
    return {
      id,
      rawId: id,
      type: "public-key",
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
      response: {
        clientDataJSON: clientDataJSON.toString("base64url"),
        attestationObject: Buffer.from(attestationObject).toString("base64url"),
        transports: ["internal"],
      },
    };
  }

  /** Answers a sign-in or confirmation prompt, as navigator.credentials.get(). */
  answer(
    options: PublicKeyCredentialRequestOptionsJSON,
    answer: AnswerOptions = {},
  ): AuthenticationResponseJSON {
    const allowed = (options.allowCredentials ?? []).map((allow) => allow.id);
    const credential = this.credentials.find((candidate) => {
      const id = candidate.id.toString("base64url");
      if (answer.credentialId) return id === answer.credentialId;
      return allowed.length === 0 || allowed.includes(id);
    });
    if (!credential) throw new Error("software authenticator: no credential for this prompt");
    credential.counter += 1;
    const counter = answer.counter ?? credential.counter;
    const authData = Buffer.concat([
      rpIdHash(options.rpId ?? credential.rpId),
      Buffer.from([FLAG_UP | (answer.userVerified === false ? 0 : FLAG_UV)]),
      counterBytes(counter),
    ]);
    const clientDataJSON = clientData("webauthn.get", options.challenge, answer.origin ?? this.origin);
    const signature = sign(
      "sha256",
      Buffer.concat([authData, createHash("sha256").update(clientDataJSON).digest()]),
      credential.privateKey,
    );
    const id = credential.id.toString("base64url");
    return {
      id,
      rawId: id,
      type: "public-key",
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
      response: {
        clientDataJSON: clientDataJSON.toString("base64url"),
        authenticatorData: authData.toString("base64url"),
        signature: signature.toString("base64url"),
        userHandle: credential.userHandle,
      },
    };
  }
}

function rpIdHash(rpId: string): Buffer {
  return createHash("sha256").update(rpId).digest();
}

function counterBytes(counter: number): Buffer {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
}

function clientData(type: string, challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}
