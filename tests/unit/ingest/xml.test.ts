import { describe, expect, it } from 'vitest';
import {
  decodeEntities,
  decodeXml,
  findAll,
  findFirst,
  parseXml,
  scanXml,
  textContent,
} from '../../../functions/books/ingest/xml';

describe('decodeEntities', () => {
  it('decodes the XML entities, numeric references and common HTML entities', () => {
    expect(decodeEntities('Tom &amp; Jerry &lt;3 &quot;hi&quot; &apos;yo&apos;')).toBe(
      `Tom & Jerry <3 "hi" 'yo'`,
    );
    expect(decodeEntities('&#169; &#xE9; &#X1F600;')).toBe('\u00a9 \u00e9 \u{1f600}');
    expect(decodeEntities('a&nbsp;b&mdash;c&rsquo;d&hellip;')).toBe('a\u00a0b\u2014c\u2019d\u2026');
  });

  it('drops unknown entity references and replaces invalid code points', () => {
    expect(decodeEntities('before &xxe; after')).toBe('before  after');
    expect(decodeEntities('&#xD800; &#0;')).toBe('\ufffd \ufffd');
    expect(decodeEntities('AT&T, &foo; and R&D')).toBe('AT&T,  and R&D');
  });
});

describe('parseXml', () => {
  it('builds an ordered tree with attributes and text', () => {
    const root = parseXml(
      '<?xml version="1.0"?><a x="1" y=\'2\'><b>one</b> two <![CDATA[<three>]]><!-- no --></a>',
    );
    const a = findFirst(root, 'a');
    expect(a?.attrs).toEqual({ x: '1', y: '2' });
    expect(textContent(a!)).toBe('one two <three>');
  });

  it('matches namespaced elements by local name', () => {
    const root = parseXml('<w:document xmlns:w="ns"><w:body><w:p><w:t>Hi</w:t></w:p></w:body></w:document>');
    expect(findAll(root, 'p')).toHaveLength(1);
    expect(textContent(findFirst(root, 't')!)).toBe('Hi');
  });

  it('survives sloppy HTML: void elements, unclosed and stray tags, bare ampersands', () => {
    const root = parseXml('<body><p>One<br>two & three<p>Four</b></p><img src=x.png alt=cover></body>', {
      html: true,
    });
    const paragraphs = findAll(root, 'p').map((p) => textContent(p));
    expect(paragraphs[0]).toContain('two & three');
    expect(paragraphs).toContain('Four');
    expect(findFirst(root, 'img')?.attrs).toEqual({ src: 'x.png', alt: 'cover' });
  });

  it('never treats script or style content as markup or text', () => {
    const texts: string[] = [];
    scanXml(
      '<p>a</p><script>if (a < b) document.write("<p>x</p>")</script><STYLE>p{}</STYLE><p>b</p>',
      { text: (t) => texts.push(t) },
      { html: true },
    );
    expect(texts).toEqual(['a', 'b']);
  });

  it('skips a DOCTYPE with an internal subset, so XXE entities are never resolved', () => {
    const xml = `<?xml version="1.0"?>
<!DOCTYPE foo [
  <!ENTITY xxe SYSTEM "file:///etc/passwd">
  <!ENTITY tricky "a > b ] c">
  <!-- a comment with ]> inside -->
]>
<foo>secret: &xxe; &tricky; end</foo>`;
    const text = textContent(findFirst(parseXml(xml), 'foo')!);
    expect(text).toBe('secret: end');
    expect(text).not.toContain('root:');
  });

  it('parses a billion-laughs document without expanding anything', () => {
    const levels = ['<!ENTITY lol "lol">'];
    for (let i = 1; i <= 9; i++)
      levels.push(`<!ENTITY lol${i} "${`&lol${i === 1 ? '' : i - 1};`.repeat(10)}">`);
    const xml = `<!DOCTYPE lolz [${levels.join('')}]><lolz>&lol9;</lolz>`;
    const text = textContent(findFirst(parseXml(xml), 'lolz')!);
    expect(text).toBe('');
  });

  it('handles deeply nested documents without recursion', () => {
    const depth = 100_000;
    const xml = `${'<d>'.repeat(depth)}deep${'</d>'.repeat(depth)}`;
    expect(textContent(parseXml(xml))).toBe('deep');
  });
});

describe('decodeXml', () => {
  it('honours BOMs and the declared encoding', () => {
    const latin1 = new Uint8Array([
      ...new TextEncoder().encode('<?xml version="1.0" encoding="ISO-8859-1"?><a>caf'),
      0xe9,
      ...new TextEncoder().encode('</a>'),
    ]);
    expect(decodeXml(latin1)).toContain('café');
    const utf16 = new Uint8Array([0xff, 0xfe, 0x3c, 0, 0x61, 0, 0x3e, 0]);
    expect(decodeXml(utf16)).toBe('<a>');
    expect(decodeXml(new TextEncoder().encode('<a>ü</a>'))).toBe('<a>ü</a>');
  });
});
