/** Saves a blob (a PDF, a CSV) under the given file name, as a download of the page. */
export function saveBlob(blob: Blob, filename: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A signed PDF link for a preview frame, asking the browser's viewer to hide its toolbar (#toolbar=0). */
export function pdfFrameSrc(link: string) {
  const [url, fragment = ''] = link.split('#');
  const params = new URLSearchParams(fragment);
  params.set('toolbar', '0');
  return `${url}#${params.toString()}`;
}
