/**
 * Sharing: the playground's state in the URL fragment, so a link opens the
 * same document (the fragment never reaches a server). The JSON is
 * compressed with the browser's own deflate (CompressionStream) and
 * written in base64url; a fragment `#hand=LINE` (plain, readable) opens a
 * document of that one line.
 */

export interface Shared {
  /** The editor's text. */
  doc: string;
  /** `mj` or `markdown`. */
  kind: 'mj' | 'markdown';
  /** Base rule words (`tenhou`, `mahjong-soul kiriage`). */
  rules: string;
}

const PREFIX = 'v1=';

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

async function pipe(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const blob = new Blob([bytes as BlobPart]);
  const out = blob.stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

/** The fragment (without `#`) that stands for `state`. */
export async function encodeFragment(state: Shared): Promise<string> {
  const json = new TextEncoder().encode(JSON.stringify(state));
  const packed = await pipe(json, new CompressionStream('deflate-raw'));
  return PREFIX + toBase64Url(packed);
}

function isShared(value: unknown): value is Shared {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.doc === 'string' &&
    (v.kind === 'mj' || v.kind === 'markdown') &&
    typeof v.rules === 'string'
  );
}

/** The state a fragment stands for; null for none or a damaged one. */
export async function decodeFragment(fragment: string): Promise<Shared | null> {
  const text = fragment.startsWith('#') ? fragment.slice(1) : fragment;
  if (text.startsWith('hand=')) {
    const line = decodeURIComponent(text.slice('hand='.length));
    return { doc: line + '\n', kind: 'mj', rules: 'tenhou' };
  }
  if (!text.startsWith(PREFIX)) return null;
  try {
    const bytes = await pipe(fromBase64Url(text.slice(PREFIX.length)), new DecompressionStream('deflate-raw'));
    const value: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return isShared(value) ? value : null;
  } catch {
    return null;
  }
}
