import { describe, expect, it } from 'vitest';
import { clipboardPayload, parseClipboardPayload } from './clipboard-payload';

describe('clipboard payload', () => {
  it('reads what copy wrote', () => {
    expect(parseClipboardPayload(clipboardPayload('shop/product', { Name: 'x' }), 'Shop/Product')).toEqual({ ok: true, data: { Name: 'x' } });
  });

  it('names each problem of spec 2 §5', () => {
    expect(parseClipboardPayload('', 'a/b')).toEqual({ ok: false, problem: 'empty' });
    expect(parseClipboardPayload('  ', 'a/b')).toEqual({ ok: false, problem: 'empty' });
    expect(parseClipboardPayload('{nope', 'a/b')).toEqual({ ok: false, problem: 'format' });
    expect(parseClipboardPayload('[1]', 'a/b')).toEqual({ ok: false, problem: 'format' });
    expect(parseClipboardPayload('{"type":"a/b","data":5}', 'a/b')).toEqual({ ok: false, problem: 'format' });
    expect(parseClipboardPayload('{"type":"a/c","data":{}}', 'a/b')).toEqual({ ok: false, problem: 'type' });
  });
});
