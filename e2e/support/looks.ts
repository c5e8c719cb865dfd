/**
 * The looks a "reads right" sweep covers outside the specs about the full matrix (look-a11y.spec.ts, shell-a11y):
 * the two corners, light English at 1440 px and dark Arabic (right to left) at 390 px. Between them they meet
 * both themes, both directions and both layouts; the mixed cases (light Arabic at 1440 px, ...) exercised nothing
 * the corners and the matrix specs miss, at a minute or more each.
 */
export const LOOK_CORNERS = [
  { theme: 'light', locale: 'en', width: 1440, height: 900 },
  { theme: 'dark', locale: 'ar', width: 390, height: 844 },
] as const;
