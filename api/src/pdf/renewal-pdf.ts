import PDFDocument from 'pdfkit';

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

const fmtDate = (d: Date) => d.toISOString().slice(0, 10);
// The built-in PDF fonts have no naira sign, so amounts are written with the ISO code.
const fmtNgn = (n: number) => `NGN ${n.toLocaleString('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

export function renderRenewalPdf(d: RenewalPdfData): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `${d.status === 'receipt' ? 'Receipt' : 'Invoice'} ${d.id}`, Author: 'Starlink Portal' } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    const title = d.status === 'receipt' ? 'RECEIPT' : 'INVOICE';
    doc.fontSize(22).font('Helvetica-Bold').text(`Kit subscription ${title}`);
    doc.moveDown(0.3).fontSize(10).font('Helvetica').fillColor('#555').text(`No. ${title.slice(0, 3)}-${String(d.id).padStart(6, '0')}  |  Issued ${fmtDate(d.createdAt)}`);
    doc.moveDown(1.5).fillColor('#000');

    const row = (label: string, value: string) => {
      const y = doc.y;
      doc.font('Helvetica-Bold').fontSize(11).text(label, 56, y, { width: 160 });
      doc.font('Helvetica').text(value, 220, y, { width: 320 });
      doc.moveDown(0.5);
    };
    row('Customer', `${d.customerName} <${d.customerEmail}>`);
    row('Kit number', d.kitNumber);
    row('Service line', d.serviceLineNumber);
    row('Address', d.address);
    row('Period', `${fmtDate(d.startDate)} to ${fmtDate(d.endDate)}`);
    row(d.status === 'receipt' ? 'Next deadline' : 'Payment due', fmtDate(d.deadline));
    row('Amount', fmtNgn(d.amount));
    row('Status', d.status === 'receipt' ? `PAID${d.paidAt ? ` on ${fmtDate(d.paidAt)}` : ''} from wallet` : 'UNPAID');

    doc.moveDown(2).fontSize(9).fillColor('#777').text('Amounts are in Nigerian naira (NGN). Subscriptions run for 30 days from the start of the period.', 56);
    doc.end();
  });
}
