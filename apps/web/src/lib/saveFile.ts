/**
 * Hands a file made in the page to the browser as a download named `fileName` (a link clicked
 * on an object URL, released a minute later when the browser has surely read it).
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
