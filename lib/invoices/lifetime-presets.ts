/** The invoice form's lifetime choices; "custom" takes any number of seconds. */
export const LIFETIME_PRESETS = [
  { seconds: 300, label: "5 minutes" },
  { seconds: 900, label: "15 minutes" },
  { seconds: 1800, label: "30 minutes" },
  { seconds: 3600, label: "1 hour (default)" },
  { seconds: 7200, label: "2 hours" },
  { seconds: 21600, label: "6 hours" },
  { seconds: 43200, label: "12 hours" },
] as const;
