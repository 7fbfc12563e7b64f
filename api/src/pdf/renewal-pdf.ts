import PDFDocument from 'pdfkit';
import type { Seller } from '../config';
import { formatDate, formatNaira } from '../lib/format';

export interface RenewalPdfData {
  id: number;
  status: 'invoice' | 'receipt';
  amount: number;
  kitNumber: string;
  serviceLineNumber: string;
  address: string;
  customerName: string;
  customerEmail: string;
  startDate: Date;
  endDate: Date;
  deadline: Date;
  createdAt: Date;
  paidAt: Date | null;
}

const MARGIN = 56;
const GREY = '#555555';

/** An invoice (status invoice: to be paid) or a receipt (status receipt: paid from the wallet) for one period. */
export function renderRenewalPdf(d: RenewalPdfData, seller: Seller): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const title = d.status === 'receipt' ? 'Receipt' : 'Invoice';
    const number = `${d.status === 'receipt' ? 'REC' : 'INV'}-${String(d.id).padStart(6, '0')}`;
    const doc = new PDFDocument({ size: 'A4', margin: MARGIN, info: { Title: `${title} ${number}`, Author: seller.name } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    const width = doc.page.width - 2 * MARGIN;

    doc.font('Helvetica-Bold').fontSize(24).text(title);
    doc.font('Helvetica').fontSize(10).fillColor(GREY).text(`${title} number ${number}`).text(`Issued ${formatDate(d.createdAt)}`);

    // Seller on the left, customer on the right, as on a paper invoice.
    const top = doc.y + 18;
    const half = width / 2 - 10;
    const block = (x: number, heading: string, lines: string[]) => {
      doc.fillColor(GREY).font('Helvetica-Bold').fontSize(9).text(heading.toUpperCase(), x, top, { width: half });
      doc.fillColor('#000000').font('Helvetica-Bold').fontSize(11).text(lines[0]!, { width: half });
      doc.font('Helvetica').fontSize(10);
      for (const line of lines.slice(1)) doc.text(line, { width: half });
      return doc.y;
    };
    const sellerBottom = block(MARGIN, 'From', [seller.name, seller.address, `RC number: ${seller.rcNumber}`, `TIN: ${seller.tin}`, `Contact: ${seller.contact}`]);
    const customerBottom = block(MARGIN + width / 2 + 10, 'Billed to', [d.customerName, d.customerEmail]);
    doc.y = Math.max(sellerBottom, customerBottom) + 24;

    const row = (label: string, value: string) => {
      const y = doc.y;
      doc.font('Helvetica-Bold').fontSize(11).fillColor('#000000').text(label, MARGIN, y, { width: 150 });
      doc.font('Helvetica').text(value, MARGIN + 160, y, { width: width - 160 });
      doc.moveDown(0.5);
    };
    row('Service', 'Satellite internet subscription, 30 days');
    row('Kit number', d.kitNumber);
    row('Service line', d.serviceLineNumber);
    row('Kit address', d.address);
    row('Period', `${formatDate(d.startDate)} to ${formatDate(d.endDate)}`);
    if (d.status === 'receipt') {
      row('Paid', `${d.paidAt ? formatDate(d.paidAt) : formatDate(d.createdAt)}, from the wallet`);
      row('Next deadline', formatDate(d.deadline));
    } else {
      row('Payment due', formatDate(d.deadline));
    }
    doc.moveDown(0.5);
    row(d.status === 'receipt' ? 'Amount paid' : 'Amount due', formatNaira(d.amount));

    doc
      .moveDown(2)
      .fontSize(9)
      .fillColor(GREY)
      .text(`Amounts are in Nigerian naira (NGN). Dates are in Lagos time. Questions about this ${title.toLowerCase()}: ${seller.contact}.`, MARGIN, doc.y, { width });
    doc.end();
  });
}
