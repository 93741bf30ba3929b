import 'server-only';
import QRCode from 'qrcode';

/** The QR code of a UPI link, made here (no outside service sees the link): PNG for mails. */
export function upiQrPng(link: string): Promise<Buffer> {
  return QRCode.toBuffer(link, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 240 });
}

/** The same as a data: URL for an <img> on a page. */
export function upiQrDataUrl(link: string): Promise<string> {
  return QRCode.toDataURL(link, { errorCorrectionLevel: 'M', margin: 2, width: 240 });
}

/** The same as SVG markup. */
export function upiQrSvg(link: string): Promise<string> {
  return QRCode.toString(link, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
}
