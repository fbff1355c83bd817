import { describe, expect, it } from 'vitest';

import { isAllowedLink, sanitizeRichText as clean, toRichTextHtml } from './rich-text-html';
import { normaliseLink } from './rich-text-link';

// The allowlist of openapi/schemas/desk.yaml NoticeFields.content, as the server applies it
// (apps/server/src/modules/desk/notice/notice-html.test.ts holds the same cases).
describe('rich text sanitising in the browser', () => {
  it('removes scripts, event handlers, javascript: links and iframes', () => {
    expect(clean('<p onclick="x()">体检</p><script>alert(1)</script>')).toBe('<p>体检</p>');
    expect(clean('<img src="https://cdn.example.com/a.png" onerror="alert(1)" alt="a">')).toBe(
      '<img src="https://cdn.example.com/a.png" alt="a">',
    );
    expect(clean('<a href="javascript:alert(1)">点我</a>')).toBe('<a>点我</a>');
    expect(clean('<a href="jav&#x09;ascript:alert(1)">点我</a>')).toBe('<a>点我</a>');
    expect(clean('<iframe src="https://example.com">备用</iframe><p>正文</p>')).toBe('<p>正文</p>');
    expect(clean('<p style="color:red" class="x" data-x="1" aria-label="y">s</p><style>p{}</style>')).toBe(
      '<p>s</p>',
    );
    expect(clean('<svg><a href="javascript:1">x</a></svg>')).toBe('');
  });

  it('keeps the allowed formatting', () => {
    const html =
      '<h2>标题</h2><p><strong>粗</strong><em>斜</em><u>下</u><s>删</s><code>c</code><br></p>' +
      '<ul><li>一</li></ul><ol><li>二</li></ol><blockquote><p>引</p></blockquote><pre><code>x</code></pre><hr>';
    expect(clean(html)).toBe(html);
    expect(clean('<b>b</b><i>i</i><h1>1</h1><h4>4</h4><h5>5</h5>')).toBe(
      '<b>b</b><i>i</i><h1>1</h1><h4>4</h4>5',
    );
  });

  it('keeps absolute http(s) and mailto links only, and guards a new window', () => {
    expect(clean('<a href="https://example.com" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(clean('<a href="mailto:a@example.com" target="_top">m</a>')).toBe(
      '<a href="mailto:a@example.com">m</a>',
    );
    expect(clean('<a href="/api/x">r</a><a href="//evil.example">p</a>')).toBe('<a>r</a><a>p</a>');
    expect(clean('<img src="data:image/png;base64,AAAA" alt="d"><a src="https://x.example">a</a>')).toBe(
      '<img alt="d"><a>a</a>',
    );
    expect(isAllowedLink(' https://example.com ')).toBe(true);
    expect(isAllowedLink('ftp://example.com')).toBe(false);
  });

  it('shows text without markup one paragraph a line, as HTML text', () => {
    expect(toRichTextHtml('本周日 02:00–04:00 系统维护')).toBe('<p>本周日 02:00–04:00 系统维护</p>');
    expect(toRichTextHtml('一\n\n二 1 &lt; 2 & 3')).toBe('<p>一</p><p></p><p>二 1 &lt; 2 &amp; 3</p>');
    expect(toRichTextHtml('<p>a</p><script>b</script>')).toBe('<p>a</p>');
    expect(toRichTextHtml(null)).toBe('');
    expect(toRichTextHtml('')).toBe('');
  });
});

describe('link addresses typed by an operator', () => {
  it('reads a bare host as https and a bare mail address as mailto', () => {
    expect(normaliseLink(' example.com/a ')).toBe('https://example.com/a');
    expect(normaliseLink('ops@example.com')).toBe('mailto:ops@example.com');
    expect(normaliseLink('http://example.com')).toBe('http://example.com');
    expect(normaliseLink('javascript:alert(1)')).toBe('javascript:alert(1)');
    expect(normaliseLink('')).toBe('');
  });
});
