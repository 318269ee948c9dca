/** Names for partners and customers. */

export const FIRST_NAMES: readonly string[] = [
  "Olivia", "Liam", "Emma", "Noah", "Ava", "Lucas", "Mia", "Ethan", "Sofia", "Mateo", "Amelia", "Leo", "Chloe",
  "Hugo", "Lena", "Jonas", "Clara", "Finn", "Ines", "Arjun", "Priya", "Rohan", "Ananya", "Kenji", "Yuki", "Haruto",
  "Sakura", "Min-jun", "Seo-yeon", "Wei", "Mei", "Gabriel", "Julia", "Rafael", "Camila", "Santiago", "Valentina",
  "Chidi", "Amara", "Tariq", "Layla", "Omar", "Noor", "Elif", "Emre", "Freya", "Oskar", "Astrid", "Mateusz",
  "Zofia", "Luca", "Giulia", "Pierre", "Camille", "Sven", "Ingrid", "Daniel", "Sarah", "James", "Grace",
];

export const LAST_NAMES: readonly string[] = [
  "Smith", "Johnson", "Garcia", "Martinez", "Brown", "Miller", "Davis", "Wilson", "Anderson", "Thomas", "Taylor",
  "Moore", "Martin", "Lee", "Walker", "Müller", "Schmidt", "Schneider", "Fischer", "Weber", "Dubois", "Laurent",
  "Bernard", "Rossi", "Bianchi", "Fernández", "López", "Silva", "Santos", "Oliveira", "Patel", "Sharma", "Gupta",
  "Iyer", "Tanaka", "Suzuki", "Sato", "Kim", "Park", "Chen", "Wang", "Nguyen", "Okafor", "Adeyemi", "Haddad",
  "Cohen", "Yılmaz", "Kowalski", "Nowak", "Andersson", "Johansson", "Hansen", "Jansen", "de Vries", "O'Brien",
  "Murphy", "Novak", "Popescu", "Kovalenko", "Reyes",
];

export const EMAIL_PROVIDERS: readonly (readonly [domain: string, weight: number])[] = [
  ["gmail.com", 50], ["outlook.com", 10], ["yahoo.com", 6], ["icloud.com", 8], ["proton.me", 3], ["hey.com", 1],
];

export const COMPANY_WORDS: readonly string[] = [
  "northwind", "brightpath", "lumen", "cobalt", "riverstone", "pinecrest", "vertex", "harbor", "quanta", "bluefin",
  "skyline", "meridian", "orbit", "sparrow", "tandem", "oakridge", "nimbus", "atlas", "fjord", "kestrel",
];

/** ASCII slug of a name: "Zofia Nowak" → "zofia-nowak", "Müller" → "muller". */
const UNDECOMPOSABLE: Readonly<Record<string, string>> = { ı: "i", ł: "l", ø: "o", ß: "ss", æ: "ae", đ: "d" };

export function slugify(s: string): string {
  return s
    .replace(/[ıłøßæđ]/g, (c) => UNDECOMPOSABLE[c] ?? c)
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
