// Follows Office's theme: light or dark, and Office's own body colours when it reports them.
// Without them (outside Office, or an older host) the page follows prefers-color-scheme in CSS.

/** The part of `Office.OfficeTheme` used here; any field may be missing in some hosts. */
export interface OfficeThemeLike {
  readonly bodyBackgroundColor?: unknown;
  readonly bodyForegroundColor?: unknown;
  readonly isDarkTheme?: unknown;
}

export interface PaneTheme {
  readonly scheme: "light" | "dark";
  /** Office's body colours, `#rrggbb`, when both are valid. */
  readonly background?: string;
  readonly foreground?: string;
}

/** `#abc` or `#aabbcc` as `#aabbcc` (lower case); anything else `undefined`. */
export function hexColor(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const text = value.trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(text)) return text;
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(text);
  if (short === null) return undefined;
  return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`;
}

/** WCAG relative luminance of a `#rrggbb` colour, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const channel = (offset: number): number => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** The pane's theme from Office's; `undefined` when Office says nothing usable. */
export function paneThemeFromOffice(
  theme: OfficeThemeLike | null | undefined,
): PaneTheme | undefined {
  if (theme === null || theme === undefined) return undefined;
  const background = hexColor(theme.bodyBackgroundColor);
  const foreground = hexColor(theme.bodyForegroundColor);
  const colors = background !== undefined && foreground !== undefined;
  let scheme: PaneTheme["scheme"] | undefined;
  if (typeof theme.isDarkTheme === "boolean") scheme = theme.isDarkTheme ? "dark" : "light";
  else if (background !== undefined)
    scheme = relativeLuminance(background) < 0.18 ? "dark" : "light";
  if (scheme === undefined) return undefined;
  return colors ? { scheme, background, foreground } : { scheme };
}

/** Applies a theme to the page root (the stylesheet reads `data-theme` and the two colours). */
export function applyPaneTheme(root: HTMLElement, theme: PaneTheme | undefined): void {
  if (theme === undefined) {
    delete root.dataset.theme;
    root.style.removeProperty("--pane-background");
    root.style.removeProperty("--pane-foreground");
    return;
  }
  root.dataset.theme = theme.scheme;
  if (theme.background !== undefined && theme.foreground !== undefined) {
    root.style.setProperty("--pane-background", theme.background);
    root.style.setProperty("--pane-foreground", theme.foreground);
  } else {
    root.style.removeProperty("--pane-background");
    root.style.removeProperty("--pane-foreground");
  }
}
