import { Parser } from 'htmlparser2';

/**
 * The parts of an EPUB's packaging that say what to read and in which order:
 * `META-INF/container.xml` points at the OPF package document, whose manifest names the files
 * and whose spine orders them.
 */

export interface EpubPackage {
  title?: string;
  /** Archive paths of the content documents, in reading order (non-linear items left out). */
  spine: string[];
}

/** Archive path of the OPF package document, or undefined when container.xml names none. */
export function readContainer(xml: string): string | undefined {
  let path: string | undefined;
  walkXml(xml, (name, attrs) => {
    if (path === undefined && localName(name) === 'rootfile' && attrs['full-path']) path = attrs['full-path'];
  });
  return path;
}

export function readPackage(xml: string, opfPath: string): EpubPackage {
  const manifest = new Map<string, { href: string; type: string }>();
  const itemrefs: string[] = [];
  let title: string | undefined;
  let inTitle = false;
  let titleText = '';
  walkXml(
    xml,
    (name, attrs) => {
      const local = localName(name);
      if (local === 'item' && attrs.id && attrs.href) {
        manifest.set(attrs.id, { href: attrs.href, type: attrs['media-type'] ?? '' });
      } else if (local === 'itemref' && attrs.idref && attrs.linear !== 'no') {
        itemrefs.push(attrs.idref);
      } else if (local === 'title' && title === undefined) {
        inTitle = true;
      }
    },
    (text) => {
      if (inTitle) titleText += text;
    },
    (name) => {
      if (inTitle && localName(name) === 'title') {
        inTitle = false;
        title = titleText.trim() || undefined;
      }
    },
  );
  const base = opfPath.includes('/') ? opfPath.slice(0, opfPath.lastIndexOf('/') + 1) : '';
  const spine: string[] = [];
  for (const idref of itemrefs) {
    const item = manifest.get(idref);
    if (!item || !/html|xml/i.test(item.type)) continue;
    spine.push(resolvePath(base, item.href));
  }
  const pkg: EpubPackage = { spine };
  if (title) pkg.title = title;
  return pkg;
}

/** Archive paths that encryption.xml says are encrypted (font obfuscation included). */
export function readEncryptedPaths(xml: string): Set<string> {
  const paths = new Set<string>();
  walkXml(xml, (name, attrs) => {
    if (localName(name) === 'cipherreference' && attrs.uri) paths.add(resolvePath('', attrs.uri));
  });
  return paths;
}

function walkXml(
  xml: string,
  onOpen: (name: string, attrs: Record<string, string>) => void,
  onText?: (text: string) => void,
  onClose?: (name: string) => void,
): void {
  const parser = new Parser(
    { onopentag: onOpen, ontext: onText, onclosetag: onClose },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(xml);
  parser.end();
}

function localName(name: string): string {
  return name.slice(name.indexOf(':') + 1).toLowerCase();
}

/** Resolves an href against a directory inside the archive ('a/b/', '../c.xhtml#x' → 'a/c.xhtml'). */
function resolvePath(baseDir: string, href: string): string {
  let path = href.replace(/[#?].*$/, '');
  try {
    path = decodeURIComponent(path);
  } catch {
    // Not percent-encoded after all: use it as written.
  }
  const parts: string[] = [];
  for (const segment of (path.startsWith('/') ? path : baseDir + path).split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') parts.pop();
    else parts.push(segment);
  }
  return parts.join('/');
}
