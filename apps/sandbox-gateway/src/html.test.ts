import { describe, expect, it } from 'vitest';
import { escapeHtml, html } from './html';

describe('html', () => {
  it('escapes every interpolated value', () => {
    const hostile = `<script>alert("x")</script> & 'q' \``;
    expect(html`<p title="${hostile}">${hostile}</p>`.value).toBe(
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39; &#96;">' +
        '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;q&#39; &#96;</p>',
    );
  });

  it('keeps nested fragments as they are, renders lists and skips empty values', () => {
    const item = (text: string) => html`<li>${text}</li>`;
    expect(html`<ul>${['a<b', 'c'].map(item)}</ul>${null}${undefined}${false}${0}`.value).toBe(
      '<ul><li>a&lt;b</li><li>c</li></ul>0',
    );
    expect(escapeHtml('plain')).toBe('plain');
  });
});
