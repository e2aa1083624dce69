import PDFDocument from 'pdfkit';
import { characterCue, interleave, NARRATOR_CUE, sceneHeading } from '../engine/text/fountain';
import type { ScriptRecord } from './model';

/**
 * A script as a screenplay-formatted PDF: US Letter, Courier 12 pt, the usual indents (action at
 * 1.5", dialogue at 2.5", character cues at 3.7"), a title page, scene numbers, and the same element
 * order as the Fountain export. pdfkit's standard Courier needs no font file.
 */
const INCH = 72;
const LAYOUT = {
  action: { x: 1.5 * INCH, width: 6 * INCH },
  cue: { x: 3.7 * INCH, width: 3 * INCH },
  parenthetical: { x: 3.1 * INCH, width: 2.4 * INCH },
  dialogue: { x: 2.5 * INCH, width: 3.5 * INCH },
};

/** Courier's standard encoding has no glyphs beyond Latin-1 and a few quotes: others become close letters. */
const printable = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2026]/g, '?');

export function renderScriptPdf(script: ScriptRecord): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margins: { top: INCH, bottom: INCH, left: 1.5 * INCH, right: INCH },
    info: {
      Title: printable(script.script_name),
      Author: 'BookStudio',
      Subject: printable(script.book_title),
    },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const block = (text: string, at: { x: number; width: number }, options: PDFKit.Mixins.TextOptions = {}) =>
    doc.text(printable(text), at.x, doc.y, { width: at.width, ...options });

  // Title page.
  doc.font('Courier-Bold').fontSize(12);
  doc.y = 3.5 * INCH;
  doc.text(printable(script.script_name.toUpperCase()), INCH, doc.y, { width: 6.5 * INCH, align: 'center' });
  doc.font('Courier').moveDown(2);
  doc.text(printable(`Based on "${script.book_title}"`), INCH, doc.y, { width: 6.5 * INCH, align: 'center' });
  if (script.logline) {
    doc.moveDown(2);
    doc.text(printable(script.logline), 1.5 * INCH, doc.y, { width: 5.5 * INCH, align: 'center' });
  }

  doc.addPage();
  doc.font('Courier').fontSize(12).text('FADE IN:', LAYOUT.action.x, doc.y);
  script.scenes.forEach((scene, index) => {
    doc.moveDown(1);
    doc.font('Courier-Bold');
    block(`${scene.scene_number}. ${sceneHeading(scene)}`, LAYOUT.action);
    doc.font('Courier');
    for (const element of interleave(scene)) {
      doc.moveDown(1);
      if (element.kind === 'action') {
        block(element.text, LAYOUT.action);
        continue;
      }
      const cue =
        element.kind === 'narration' ? NARRATOR_CUE : characterCue(element.line.character).replace(/^@/, '');
      block(cue, LAYOUT.cue);
      if (element.kind === 'dialogue' && element.line.parenthetical)
        block(`(${element.line.parenthetical.replace(/[()]/g, '')})`, LAYOUT.parenthetical);
      block(element.kind === 'narration' ? element.text : element.line.line, LAYOUT.dialogue);
    }
    if (index < script.scenes.length - 1) {
      doc.moveDown(1);
      block('CUT TO:', LAYOUT.action, { align: 'right' });
    }
  });
  doc.moveDown(1);
  block('FADE OUT.', LAYOUT.action, { align: 'right' });
  doc.end();
  return done;
}
