import bwipjs from 'bwip-js/node';
import { ApiError } from '../lib/api-error';
import type { BarcodeRequest } from './barcode-request';

/** How the picture is drawn: bounded by the route's contract. */
export interface BarcodeLook {
  /** Pixels per module of the symbol (1 to 8). */
  scale: number;
  /** Bar height in millimetres of EAN-13 and Code 128 (5 to 50); QR is square. */
  height: number;
  /** The human-readable text under EAN-13 and Code 128; QR has none. */
  includeText: boolean;
}

const BCID = { ean13: 'ean13', code128: 'code128', qr: 'qrcode' } as const;

function renderOptions(request: BarcodeRequest, look: BarcodeLook): bwipjs.RenderOptions {
  const base = { bcid: BCID[request.type], text: request.text, scale: look.scale };
  // Quiet zones belong to the symbol: a scanner needs them, and the picture may sit on a coloured page.
  if (request.type === 'qr') return { ...base, eclevel: 'M', padding: 8, backgroundcolor: 'FFFFFF' } as bwipjs.RenderOptions;
  return {
    ...base,
    height: look.height,
    includetext: look.includeText,
    ...(request.type === 'ean13' ? { guardwhitespace: true } : { textxalign: 'center' as const }),
    paddingwidth: 10,
    paddingheight: 2,
    backgroundcolor: 'FFFFFF',
  };
}

/**
 * The barcode as PNG bytes or SVG text, drawn by bwip-js. The request was checked before (barcode-request.ts); an
 * encoder refusal that still gets through (its rules are finer than ours) is the caller's input too: 400 with its
 * reason, never a 5xx.
 */
export async function drawBarcode(request: BarcodeRequest, look: BarcodeLook): Promise<Buffer | string> {
  const options = renderOptions(request, look);
  try {
    return request.format === 'svg' ? bwipjs.toSVG(options) : await bwipjs.toBuffer(options);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    if (!/^bwip/.test(message)) throw error;
    const reason = message.replace(/^bwipp?(-js)?\.[A-Za-z0-9]+#\d+:\s*/, '');
    throw new ApiError(400, `The barcode cannot be drawn: ${reason}`, { errors: { text: [reason] } });
  }
}
