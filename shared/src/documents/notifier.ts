/**
 * Where the documents' spec §8 messages go: the app passes `toast` from `@cuota/shared/ui`.
 * This folder is bundled into each remote (it is no federation singleton), so importing the
 * toast store here would give a second store that the shell's Toaster never shows.
 */
export interface DocumentNotifier {
  success(title: string, description?: string): unknown;
  error(title: string, description?: string): unknown;
}
