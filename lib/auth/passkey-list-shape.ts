/** One passkey as the passkeys page lists it: never its key or credential id. */
export interface PasskeyItem {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  /** Synced by the platform (iCloud Keychain, Google Password Manager…) rather than one device's. */
  synced: boolean;
}

export interface PasskeySettings {
  passkeys: PasskeyItem[];
  app: boolean;
  unusedRecoveryCodes: number;
  /** Admin and finance outside demo mode: a second factor is required. */
  required: boolean;
}
