/** Rendering a template against a loaded context: pure, no database. */
import { MAIL_TEMPLATE_PLACEHOLDERS } from '@claimdesk/contracts';
import { describe, expect, it } from 'vitest';
import type { RenderContext } from '../render-context';
import { renderSource } from '../render-template';
import { htmlToText } from '../template-html';

const values = Object.fromEntries(
  MAIL_TEMPLATE_PLACEHOLDERS.filter((p) => p !== 'items' && p !== 'case.status' && p !== 'order.date').map(
    (p) => [p, ''],
  ),
) as RenderContext['values'];

const context = (overrides: Partial<RenderContext['values']> = {}, orderDate = ''): RenderContext => ({
  storeLanguage: 'nr',
  values: { ...values, ...overrides },
  status: 'rejected',
  orderDate,
  items: [
    { productName: 'Kettle', sku: 'K-1', quantity: 2 },
    { productName: 'Toaster', sku: null, quantity: 1 },
  ],
});

describe('renderSource', () => {
  it('fills the subject as one plain line and the body with escaped values', () => {
    const rendered = renderSource(
      context({ 'customer.name': 'Kari <script>alert(1)</script>', 'case.number': '10023' }),
      {
        subject: 'Case {{case.number}}:\n  {{customer.name}}',
        body: '<p>Hello {{customer.name}}</p><p>{{items}}</p><p>Status: {{case.status}}</p>',
      },
      'de',
    );
    expect(rendered.subject).toBe('Case 10023: Kari <script>alert(1)</script>');
    expect(rendered.html).not.toContain('<script>');
    expect(rendered.html).toContain('Kari &lt;script&gt;');
    expect(rendered.html).toContain('Kettle (Art.-Nr. K-1) × 2<br />Toaster × 1');
    expect(rendered.html).toContain('Status: Abgelehnt');
    expect(rendered.text).toContain('Hello Kari <script>alert(1)</script>');
  });

  it('quotes the order: its number, and its date as the template’s language writes it', () => {
    const source = {
      subject: 'Order {{order.number}}',
      body: '<p>Ordered {{order.date|some day}}: {{items}}</p>',
    };
    const german = renderSource(context({ 'order.number': '1003' }, '2026-01-03'), source, 'de');
    expect(german.subject).toBe('Order 1003');
    expect(german.text).toContain('Ordered 03.01.2026: Kettle (Art.-Nr. K-1) × 2');
    expect(renderSource(context({}, '2026-01-03'), source, 'en').text).toContain('Ordered 03/01/2026');
    expect(renderSource(context(), source, 'en').text).toContain('Ordered some day');
  });

  it('keeps the template’s own markup but drops what a mail must not carry', () => {
    const rendered = renderSource(
      context(),
      { subject: 'x', body: '<p onclick="steal()"><b>Bold</b> <a href="javascript:alert(1)">link</a></p>' },
      'en',
    );
    expect(rendered.html).toContain('<b>Bold</b>');
    expect(rendered.html).not.toMatch(/onclick|javascript:/);
  });
});

describe('htmlToText', () => {
  it('writes paragraphs, breaks, lists and links as text', () => {
    expect(
      htmlToText('<p>One<br>two</p><ul><li>a</li><li>b</li></ul><p><a href="https://x.test/">site</a></p>'),
    ).toBe('One\ntwo\n\n- a\n- b\n\nsite (https://x.test/)');
  });
});
