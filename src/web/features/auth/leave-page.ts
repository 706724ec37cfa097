/** A full page load to another address (a separate module, so component tests can stand in for it). */
export function leavePage(url: string): void {
  window.location.assign(url);
}
