/** How a difficulty, category or genre value reads: "Sci-fi", else the word capitalised. */
export const optionLabel = (value: string) =>
  value === 'scifi' ? 'Sci-fi' : value.charAt(0).toUpperCase() + value.slice(1);
