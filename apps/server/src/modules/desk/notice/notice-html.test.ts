import { describe, expect, it } from 'vitest';
import { loadSpec } from '../../../spec';
import { NOTICE_TAGS, sanitizeNoticeHtml as clean } from './notice-html';

describe('notice content sanitising (desk.yaml NoticeFields.content)', () => {
  it('removes scripts, event handlers, javascript: links and iframes', () => {
    expect(clean('<p onclick="x()">体检</p><script>alert(1)</script>')).toBe('<p>体检</p>');
    expect(clean('<img src="https://cdn.example.com/a.png" onerror="alert(1)" alt="a">')).toBe(
      '<img src="https://cdn.example.com/a.png" alt="a" />',
    );
    expect(clean('<img src=x onerror="alert(1)">')).toBe('');
    expect(clean('<a href="javascript:alert(1)">点我</a>')).toBe('点我');
    expect(clean('<a href="jav&#x09;ascript:alert(1)">点我</a>')).toBe('点我');
    expect(clean('<iframe src="https://example.com">备用</iframe><p>正文</p>')).toBe('<p>正文</p>');
    expect(clean('<p style="color:red" class="x">s</p><style>p{}</style>')).toBe('<p>s</p>');
    expect(clean('<svg><a href="javascript:1">x</a></svg>')).toBe('x');
  });

  it('keeps the allowed formatting', () => {
    const html =
      '<h2>标题</h2><p><strong>粗</strong><em>斜</em><u>下</u><s>删</s><code>c</code><br /></p>' +
      '<ul><li>一</li></ul><ol><li>二</li></ol><blockquote><p>引</p></blockquote><pre><code>x</code></pre><hr />';
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
    expect(
      clean('<a href="/api/x">r</a><a href="//evil.example">p</a><a href="data:text/html,x">d</a>'),
    ).toBe('rpd');
    expect(clean('<img src="data:image/png;base64,AAAA"><img src="//evil.example/a.png">')).toBe('');
    expect(clean('<img src="http://example.com/a.png" width="10" height="20" title="t">')).toBe(
      '<img src="http://example.com/a.png" width="10" height="20" />',
    );
  });

  it('keeps plain text readable, escaping what is no markup', () => {
    expect(clean('本周日 02:00–04:00 系统维护')).toBe('本周日 02:00–04:00 系统维护');
    expect(clean('1 < 2 & 3 > 2')).toBe('1 &lt; 2 &amp; 3 &gt; 2');
  });

  it('allows what the contract lists, no more', () => {
    const spec = loadSpec() as unknown as {
      components: { schemas: Record<string, { properties?: Record<string, { description?: string }> }> };
    };
    const description = spec.components.schemas.NoticeFields?.properties?.content?.description ?? '';
    const listed = /Allowed tags: ([^.]+)\./.exec(description)?.[1]?.split(/,\s*/);
    expect(listed).toEqual([...NOTICE_TAGS]);
  });
});
