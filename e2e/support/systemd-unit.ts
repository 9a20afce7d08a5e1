/**
 * What systemd reads from deploy/: a unit file's settings by section, and an EnvironmentFile's
 * variables. Only the plain forms deploy/ uses (no quoting, no line continuations, no specifiers).
 */
export type UnitFile = Record<string, Record<string, string[]> | undefined>;

export function readUnitFile(text: string): UnitFile {
  const sections: Record<string, Record<string, string[]>> = {};
  let section: Record<string, string[]> | undefined;
  for (const line of meaningfulLines(text)) {
    const header = /^\[(.+)\]$/.exec(line);
    if (header) {
      section = sections[header[1] ?? ""] ??= {};
      continue;
    }
    const [key, value] = splitAt(line, "=");
    if (!section) throw new Error(`a setting outside any section: ${line}`);
    (section[key] ??= []).push(value);
  }
  return sections;
}

/** The one value of a [Service] setting; an error when it is missing or set more than once. */
export function serviceSetting(unit: UnitFile, key: string): string {
  const values = unit.Service?.[key] ?? [];
  if (values.length !== 1) throw new Error(`the unit sets ${key} ${values.length} times, not once`);
  return values[0] ?? "";
}

/** The variables the unit's Environment= lines set. */
export function unitEnvironment(unit: UnitFile): Record<string, string> {
  return Object.fromEntries(
    (unit.Service?.Environment ?? [])
      .flatMap((value) => value.split(/\s+/))
      .map((pair) => splitAt(pair, "=")),
  );
}

/**
 * ExecStart's words as systemd runs them: `${NAME}` replaced by the unit's Environment= value (a
 * word of its own stays one argument). systemd takes no variable as the first word: that is an error.
 */
export function execStart(unit: UnitFile): string[] {
  const variables = unitEnvironment(unit);
  const [command = "", ...args] = serviceSetting(unit, "ExecStart").split(/\s+/);
  if (!command.startsWith("/")) throw new Error(`ExecStart's command must be an absolute path: ${command}`);
  return [
    command,
    ...args.map((word) =>
      word.replace(/\$\{(\w+)\}/g, (_, name: string) => {
        const value = variables[name];
        if (value === undefined) throw new Error(`ExecStart uses \${${name}}, which no Environment= sets`);
        return value;
      }),
    ),
  ];
}

/**
 * An EnvironmentFile's variables, with `choices` put in place of the values of variables the file
 * sets (a choice for a variable it does not set is an error: the file must name what a deploy sets).
 */
export function readEnvironmentFile(
  text: string,
  choices: Record<string, string> = {},
): Record<string, string> {
  const variables = Object.fromEntries(meaningfulLines(text).map((line) => splitAt(line, "=")));
  for (const name of Object.keys(choices)) {
    if (!(name in variables)) throw new Error(`the environment file does not set ${name}`);
  }
  return { ...variables, ...choices };
}

function meaningfulLines(text: string): string[] {
  return text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#") && !line.startsWith(";"));
}

function splitAt(line: string, separator: string): [string, string] {
  const at = line.indexOf(separator);
  if (at < 0) throw new Error(`no ${separator} in: ${line}`);
  return [line.slice(0, at).trim(), line.slice(at + 1).trim()];
}
