import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitize.ts';

/** Decision 039: what the allow-list keeps and what it drops. */
describe('sanitizeHtml', () => {
  it('keeps what the editor writes, as written', () => {
    const html = [
      '<h2>見出し</h2>',
      '<p><strong>太字</strong><em>斜体</em><u>下線</u><s>取消</s><code>x</code><br></p>',
      '<ul><li><p>一</p></li></ul><ol start="3"><li>三</li></ol>',
      '<blockquote><p>引用</p></blockquote><pre><code>code</code></pre><hr>',
      '<p><a href="https://example.jp/a?b=1&amp;c=2">外部</a> <a href="/contact-us">内部</a> <a href="mailto:office@example.jp">mail</a></p>',
      '<p><img src="/api/v1/content-images/abc_DEF-123.jpg" alt="会場の写真" width="640" height="480"></p>',
      '<table><thead><tr><th colspan="2">表</th></tr></thead><tbody><tr><td>1</td><td>2</td></tr></tbody></table>',
    ].join('');
    expect(sanitizeHtml(html)).toBe(html);
  });

  it.each([
    ['<p>a<script>alert(1)</script>b</p>', '<p>ab</p>'],
    ['<SCRIPT SRC=//x.example/x.js></SCRIPT><p>x</p>', '<p>x</p>'],
    ['<p>a<style>p{display:none}</style>b</p>', '<p>ab</p>'],
    ['<iframe src="https://evil.example"></iframe><p>x</p>', '<p>x</p>'],
    ['<svg><script>alert(1)</script></svg><p>x</p>', '<p>x</p>'],
    ['<noscript><p title="</noscript><img src=x onerror=alert(1)>"></p></noscript>', ''],
  ])('drops scripts, style sheets and embeds with their bodies: %s', (dirty, clean) => {
    expect(sanitizeHtml(dirty)).toBe(clean);
  });

  it.each([
    ['<img src="/media/a.png" onerror="alert(1)">', '<img src="/media/a.png">'],
    ['<p onclick="alert(1)" onmouseover="x()">x</p>', '<p>x</p>'],
    ['<a href="/x" onfocus="alert(1)" autofocus>x</a>', '<a href="/x">x</a>'],
    ['<p style="background:url(javascript:alert(1))">x</p>', '<p>x</p>'],
    ['<span style="position:fixed;top:0">x</span>', '<span>x</span>'],
    ['<p class="a&quot; onclick=&quot;x">x</p>', '<p>x</p>'],
  ])('drops event handlers and style attributes: %s', (dirty, clean) => {
    expect(sanitizeHtml(dirty)).toBe(clean);
  });

  it.each([
    '<a href="javascript:alert(1)">x</a>',
    '<a href="JaVaScRiPt:alert(1)">x</a>',
    '<a href=" javascript:alert(1)">x</a>',
    '<a href="java\tscript:alert(1)">x</a>',
    '<a href="&#106;avascript:alert(1)">x</a>',
    '<a href="&#x6A;avascript&colon;alert(1)">x</a>',
    '<a href="vbscript:msgbox(1)">x</a>',
    '<a href="data:text/html,<script>alert(1)</script>">x</a>',
    '<a href="//evil.example/">x</a>',
  ])('drops links that are not web, mail, phone or this site: %s', (dirty) => {
    expect(sanitizeHtml(dirty)).toBe('<a>x</a>');
  });

  it.each([
    '<img src="javascript:alert(1)">',
    '<img src="data:image/svg+xml;base64,PHN2Zz4=">',
    '<img src="https://tracker.example/p.gif">',
    '<img src="//tracker.example/p.gif">',
  ])('keeps only images of this site: %s', (dirty) => {
    expect(sanitizeHtml(dirty)).toBe('<img>');
  });

  it('gives a link that opens a new tab rel="noopener noreferrer", whatever rel it had', () => {
    expect(sanitizeHtml('<a href="https://example.jp" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://example.jp" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitizeHtml('<a href="/x" target="_top">x</a>')).toBe('<a href="/x">x</a>');
  });

  it('keeps the text of elements that are not on the list, and escapes stray markup', () => {
    expect(sanitizeHtml('<form action="/x"><button>送信</button></form><font color="red">赤</font>')).toBe(
      '送信赤',
    );
    expect(sanitizeHtml('<p>1 &lt; 2 &amp; 3 &gt; 2</p>')).toBe('<p>1 &lt; 2 &amp; 3 &gt; 2</p>');
    expect(sanitizeHtml('<p><b>a</b>&lt;script&gt;</p>')).toBe('<p><b>a</b>&lt;script&gt;</p>');
    expect(sanitizeHtml('<!-- <script>x</script> --><p>x</p>')).toBe('<p>x</p>');
  });

  it('is stable: sanitising twice changes nothing', () => {
    const once = sanitizeHtml(
      '<p onclick="x">a <a href="https://e.jp" target="_blank">b</a></p><img src="/media/x.svg" alt="&quot;q&quot;">',
    );
    expect(sanitizeHtml(once)).toBe(once);
  });
});
