import type { AuthenticationExtensionsClientOutputs } from "@simplewebauthn/browser";
import { z } from "zod";
import { safeText } from "@/lib/validation/text";

/**
 * What a browser sends back from a passkey prompt (@simplewebauthn/browser's JSON), checked for
 * shape and size before anything reads it: every binary field is base64url text of a bounded
 * length. The library checks the contents.
 */
const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/, "Not base64url.");

/** A credential id: at most 1023 bytes (WebAuthn's limit). */
const credentialId = base64url(1400).min(1);
/** The browser's extension outputs: an object, passed to the library as it came (small). */
const clientExtensionResults = z.custom<AuthenticationExtensionsClientOutputs>(
  (value) =>
    typeof value === "object" &&
    value !== null &&
    !Array.isArray(value) &&
    JSON.stringify(value).length <= 2048,
  "Not extension results.",
);

export const registrationResponseSchema = z.object({
  id: credentialId,
  rawId: credentialId,
  type: z.literal("public-key"),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults,
  response: z.object({
    clientDataJSON: base64url(4096).min(1),
    attestationObject: base64url(32_768).min(1),
    authenticatorData: base64url(8192).optional(),
    transports: z.array(z.string().max(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(4096).optional(),
  }),
});

export const authenticationResponseSchema = z.object({
  id: credentialId,
  rawId: credentialId,
  type: z.literal("public-key"),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
  clientExtensionResults,
  response: z.object({
    clientDataJSON: base64url(4096).min(1),
    authenticatorData: base64url(8192).min(1),
    signature: base64url(1024).min(1),
    userHandle: base64url(128).optional(),
  }),
});

export type RegistrationResponseInput = z.infer<typeof registrationResponseSchema>;
export type AuthenticationResponseInput = z.infer<typeof authenticationResponseSchema>;

/** The person's name for a passkey. */
export const passkeyNameSchema = safeText()
  .trim()
  .min(1, "Name the passkey (for example “Work laptop”).")
  .max(60, "Use at most 60 characters.");

export const addPasskeySchema = z.object({
  name: passkeyNameSchema,
  response: registrationResponseSchema,
});

/** A second factor given for a step-up: a code from the app, or a passkey's answer for this session. */
export const stepUpProofSchema = {
  code: safeText()
    .trim()
    .max(40, "A code has at most 40 characters.")
    .optional()
    .transform((code) => code || undefined),
  passkey: authenticationResponseSchema.optional(),
};

export const removePasskeySchema = z.object({ id: z.uuid(), ...stepUpProofSchema });

/** The body of a request for sign-in options: an email limits the prompt to that account's passkeys. */
export const signInOptionsSchema = z.object({
  email: z.string().max(254).optional(),
});

/** An action that asks for nothing but a fresh second factor, when one is needed. */
export const secondFactorProofSchema = z.object(stepUpProofSchema);

/** The body of a request for registration options: the step-up proof when one is needed. */
export const registrationOptionsSchema = secondFactorProofSchema;
