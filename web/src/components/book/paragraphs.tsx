/** A chapter's text, paragraph by paragraph. */
export function Paragraphs({ text }: { text: string }) {
  return (
    <div className="space-y-4 leading-relaxed text-slate-800 dark:text-slate-200">
      {text.split(/\n{2,}/).map((paragraph, i) => (
        <p key={i} className="whitespace-pre-line">
          {paragraph}
        </p>
      ))}
    </div>
  );
}
