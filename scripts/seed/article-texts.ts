/**
 * Article names, slugs and descriptions in each language. Romance languages put the product
 * noun first ("Portátil Lenovo IdeaPad 5 …"); English and German put the brand first ("Lenovo
 * IdeaPad 5 Notebook …"), as shops in those markets write them.
 */
import type { Article } from './articles';
import { CLOSINGS, BUNDLE_SUFFIX, GRADE_SENTENCES, INTROS, REFURBISHED_SUFFIX, SPECS_LEAD, SPEC_LABELS, TYPE_SENTENCES } from './words';
import { LANGS, colon, fill, localizeUnits, slugify, titleCase, type Lang } from './text';

/** Whether a language puts the product noun before brand and model. */
export const NOUN_FIRST: Record<Lang, boolean> = { es_ES: true, en_EN: false, fr_FR: true, pt_PT: true, it_IT: true, de_DE: false };

/** Brand and series, without repeating a brand the series already starts with ("Xiaomi 15T"). */
export const modelName = (a: Article): string => (a.series.name.startsWith(a.brand) ? a.series.name : `${a.brand} ${a.series.name}`);

/** The article's name in `lang`. */
export function articleName(a: Article, lang: Lang): string {
  const li = LANGS.indexOf(lang);
  const def = a.kind.def;
  const tail = def.title.map((key) => localizeUnits(a.specs[key]!, lang)).join(' ');
  let name: string;
  if (def.digital) {
    const suffix = def.suffix ? def.suffix[a.textVariant % def.suffix.length]![li] : '';
    name = `${a.series.name} ${tail} ${suffix}`;
  } else {
    const noun = lang === 'en_EN' ? titleCase(def.noun[li]!) : def.noun[li]!;
    name = NOUN_FIRST[lang] ? `${noun} ${modelName(a)} ${tail}` : `${modelName(a)} ${noun} ${tail}`;
  }
  if (a.condition !== 'new') name += ` ${fill(REFURBISHED_SUFFIX[li]!, { grade: a.condition.slice(-1) })}`;
  if (a.type === 'compound') name += ` ${BUNDLE_SUFFIX[li]}`;
  return name.replace(/\s+/g, ' ').trim();
}

/** Slug unique per language: the id at the end keeps it distinct from every other slug kind. */
export const articleSlug = (a: Pick<Article, 'id'>, name: string, lang: Lang): string => `${slugify(name, lang, 70)}-${a.id}`;

/** A few sentences: who it is for, the key specs, what its type or grade means, and a closing. */
export function articleDescription(a: Article, lang: Lang): string {
  const li = LANGS.indexOf(lang);
  const def = a.kind.def;
  const intro = def.intro ?? INTROS[a.textVariant % INTROS.length]!;
  const sentences = [fill(intro[li]!, { series: a.series.name, brand: a.brand, model: modelName(a), benefit: def.benefit[li]! })];
  const specs = Object.entries(a.specs)
    .slice(0, 4)
    .map(([key, value]) => `${SPEC_LABELS[key]![li]}${colon(lang)}${localizeUnits(value, lang)}`);
  if (specs.length) sentences.push(`${SPECS_LEAD[li]} — ${specs.join(lang === 'fr_FR' ? ' ; ' : '; ')}.`);
  const typeSentence = TYPE_SENTENCES[a.type];
  if (typeSentence) sentences.push(typeSentence[li]!);
  const grade = GRADE_SENTENCES[a.condition];
  if (grade) sentences.push(grade[li]!);
  if (!def.digital) sentences.push(CLOSINGS[a.textVariant % CLOSINGS.length]![li]!);
  return sentences.join(' ');
}
