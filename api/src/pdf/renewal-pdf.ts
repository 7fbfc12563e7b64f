import type { Seller } from '../config';
import { formatDate, formatAmount } from '../lib/format';
import { drawParties, GREY, MARGIN, renderPdf } from './document';

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

/** An invoice (status invoice: to be paid) or a receipt (status receipt: paid from the wallet) for one period. */
export function renderRenewalPdf(d: RenewalPdfData, seller: Seller): Promise<Buffer> {
  const title = d.status === 'receipt' ? 'Receipt' : 'Invoice';
  const number = `${d.status === 'receipt' ? 'REC' : 'INV'}-${String(d.id).padStart(6, '0')}`;
  return renderPdf(`${title} ${number}`, seller, (doc, width) => {
    doc.font('Helvetica-Bold').fontSize(24).text(title);
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor(GREY)
      .text(`${title} number ${number}`)
      .text(`Issued ${formatDate(d.createdAt)}`);

    drawParties(doc, width, seller, 'Billed to', [d.customerName, d.customerEmail]);

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
    row(d.status === 'receipt' ? 'Amount paid' : 'Amount due', formatAmount(d.amount));

    doc
      .moveDown(2)
      .fontSize(9)
      .fillColor(GREY)
      .text(
        `Amounts are in Nigerian naira (NGN). Dates are in Lagos time. Questions about this ${title.toLowerCase()}: ${seller.contact}.`,
        MARGIN,
        doc.y,
        { width },
      );
  });
}
