import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as english from "@zxcvbn-ts/language-en";

/**
 * zxcvbn with its common-password list and the English dictionaries. Large (megabytes of word
 * lists): the browser loads it only when a new password is checked (password-policy.ts).
 */
const zxcvbn = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...english.dictionary },
  graphs: common.adjacencyGraphs,
  translations: english.translations,
  // Only the first 64 characters are analysed: beyond them the estimate costs seconds of CPU.
  maxLength: 64,
});

export function estimateStrength(password: string, userInputs: readonly string[]) {
  const { score, feedback } = zxcvbn.check(password, [...userInputs]);
  return { score, warning: feedback.warning, suggestions: feedback.suggestions };
}
