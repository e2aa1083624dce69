/**
 * Who speaks a script's line: the spec's rule (§5) for matching a script's character to a plot
 * character — the same name, one name containing the other, or the same first word when it is longer
 * than 2 characters — compared without letter case or extra spaces. The first rule that finds someone
 * wins, so "Nell" is Nell even when "Nell's father" is also in the cast.
 */
const normalise = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ');
const firstWord = (name: string) => name.split(' ')[0] ?? '';

export function matchCharacter<T extends { name: string }>(name: string, cast: readonly T[]): T | null {
  const wanted = normalise(name);
  if (!wanted) return null;
  const named = cast.map((member) => ({ member, name: normalise(member.name) })).filter((c) => c.name);
  const rules: ((candidate: string) => boolean)[] = [
    (candidate) => candidate === wanted,
    (candidate) => candidate.includes(wanted) || wanted.includes(candidate),
    (candidate) => {
      const word = firstWord(wanted);
      return word.length > 2 && firstWord(candidate) === word;
    },
  ];
  for (const rule of rules) {
    const found = named.find((c) => rule(c.name));
    if (found) return found.member;
  }
  return null;
}
