import { strToU8, zipSync } from 'fflate';

/**
 * A minimal Word document (the parts Word itself needs: content types, the package relationship
 * and the document), for tests and for the hand-made files of the transcript corpus. Each
 * paragraph is a list of lines, joined by line breaks (<w:br/>) as Word writes Shift+Enter.
 */
export function docxFile(paragraphs: readonly (readonly string[])[]): Uint8Array {
  const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const paragraph = (lines: readonly string[]) =>
    `<w:p><w:r>${lines.map((l) => `<w:t xml:space="preserve">${xml(l)}</w:t>`).join('<w:br/>')}</w:r></w:p>`;
  // A fixed date keeps the bytes the same on every run.
  const mtime = new Date('2024-01-15T10:00:00Z');
  return zipSync(
    {
      '[Content_Types].xml': strToU8(
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
      ),
      _rels: {
        '.rels': strToU8(
          '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
        ),
      },
      word: {
        'document.xml': strToU8(
          `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paragraphs.map(paragraph).join('')}</w:body></w:document>`,
        ),
      },
    },
    { mtime },
  );
}
