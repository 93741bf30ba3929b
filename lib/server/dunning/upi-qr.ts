import 'server-only';
import QRCode from 'qrcode';

/** The QR code of a UPI link as a PNG for mails, made here: no outside service sees the link. */
export function upiQrPng(link: string): Promise<Buffer> {
  return QRCode.toBuffer(link, { type: 'png', errorCorrectionLevel: 'M', margin: 2, width: 240 });
}
