import type { Seller } from '../config';
import { formatDate, formatAmount } from '../lib/format';
import { drawParties, GREY, MARGIN, renderPdf } from './document';
import { monthName, type MonthStatement, type MonthStatementLine } from '../services/statement';

const describe = (line: MonthStatementLine): string => {
  switch (line.kind) {
    case 'funding':
      return `Wallet funded${line.reference ? ` (${line.reference})` : ''}`;
    case 'activation':
      return `Kit ${line.kitNumber ?? ''} activated`;
    case 'renewal':
      return `Kit ${line.kitNumber ?? ''} renewed`;
    case 'auto_renewal':
      return `Kit ${line.kitNumber ?? ''} auto-renewed`;
    default:
      return 'Adjustment';
  }
};

/**
 * A month's wallet statement in the renewal PDF's style (pdfkit, built-in fonts): the seller and the customer, the
 * opening balance, each credit and debit with the balance after it, the closing balance.
 */
export function renderStatementPdf(s: MonthStatement, seller: Seller, issuedAt: Date): Promise<Buffer> {
  return renderPdf(`Wallet statement, ${monthName(s.month)}`, seller, (doc, width) => {
    doc.font('Helvetica-Bold').fontSize(22).text('Wallet statement');
    doc
      .font('Helvetica')
      .fontSize(10)
      .fillColor(GREY)
      .text(monthName(s.month))
      .text(`Wallet ${s.walletId}`)
      .text(`Issued ${formatDate(issuedAt)}`);

    drawParties(doc, width, seller, 'Statement for', [s.customerName, s.customerEmail]);

    // Date | Description | Credit | Debit | Balance after
    const money = 78;
    const cols = [
      { label: 'Date', x: MARGIN, w: 70, align: 'left' as const },
      { label: 'Description', x: MARGIN + 74, w: width - 74 - 3 * money - 4, align: 'left' as const },
      { label: 'Credit', x: MARGIN + width - 3 * money, w: money - 4, align: 'right' as const },
      { label: 'Debit', x: MARGIN + width - 2 * money, w: money - 4, align: 'right' as const },
      { label: 'Balance after', x: MARGIN + width - money, w: money, align: 'right' as const },
    ];
    const row = (cells: string[], bold = false) => {
      if (doc.y > doc.page.height - MARGIN - 40) doc.addPage();
      const y = doc.y;
      // 9 pt keeps a funding's reference on one line of the description column.
      doc
        .font(bold ? 'Helvetica-Bold' : 'Helvetica')
        .fontSize(9)
        .fillColor('#000000');
      let bottom = y;
      cells.forEach((text, i) => {
        const c = cols[i]!;
        doc.text(text, c.x, y, { width: c.w, align: c.align });
        bottom = Math.max(bottom, doc.y);
      });
      doc.y = bottom + 6;
    };
    const rule = () => {
      doc
        .moveTo(MARGIN, doc.y)
        .lineTo(MARGIN + width, doc.y)
        .lineWidth(0.5)
        .strokeColor('#999999')
        .stroke();
      doc.y += 6;
    };

    row(
      cols.map((c) => c.label),
      true,
    );
    rule();
    row([formatDate(s.openedAt), 'Opening balance', '', '', formatAmount(s.opening)], true);
    if (s.lines.length === 0) row(['', 'No credits or debits this month.', '', '', '']);
    for (const line of s.lines) {
      row([
        formatDate(line.date),
        describe(line),
        line.amount > 0 ? formatAmount(line.amount) : '',
        line.amount < 0 ? formatAmount(-line.amount) : '',
        formatAmount(line.balanceAfter),
      ]);
    }
    rule();
    row([formatDate(s.closedAt), 'Closing balance', '', '', formatAmount(s.closing)], true);

    doc
      .moveDown(2)
      .fontSize(9)
      .fillColor(GREY)
      .text(
        `Amounts are in Nigerian naira (NGN). Dates are in Lagos time. Questions about this statement: ${seller.contact}.`,
        MARGIN,
        doc.y,
        { width },
      );
  });
}
