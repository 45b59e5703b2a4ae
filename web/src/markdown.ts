/**
 * Hover Markdown (from the document layer, as the language server sends
 * it) as HTML. The Markdown holds the user's own text, and a shared link
 * brings someone else's: the HTML is sanitised before it is shown.
 */

import DOMPurify from 'dompurify';
import { marked } from 'marked';

export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true });
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}
