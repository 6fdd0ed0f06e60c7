// A compact JSON Schema checker for the subset Adyen's OpenAPI 3.1 description uses (type, nullable,
// properties, required, additionalProperties, enum, items, $ref, allOf/oneOf/anyOf, min/maxLength,
// pattern). Enough to hold the sandbox's requests and answers to the published operation schemas.
type Schema = Record<string, unknown>;

export interface OpenApiDoc {
  paths: Record<string, Record<string, Schema>>;
  components: { schemas: Record<string, Schema> };
}

function resolve(doc: OpenApiDoc, ref: string): Schema {
  const m = /^#\/components\/schemas\/(.+)$/.exec(ref);
  const target = m ? doc.components.schemas[m[1]!] : undefined;
  if (!target) throw new Error(`unresolvable $ref ${ref}`);
  return target;
}

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  if (typeof v === 'number') return Number.isInteger(v) ? 'integer' : 'number';
  return typeof v;
}

export function validate(doc: OpenApiDoc, schema: Schema, value: unknown, path = '$'): string[] {
  if (typeof schema.$ref === 'string') return validate(doc, resolve(doc, schema.$ref), value, path);
  const errors: string[] = [];
  if (value === null && schema.nullable === true) return errors;
  if (Array.isArray(schema.allOf)) for (const s of schema.allOf as Schema[]) errors.push(...validate(doc, s, value, path));
  if (Array.isArray(schema.anyOf)) {
    const results = (schema.anyOf as Schema[]).map((s) => validate(doc, s, value, path));
    if (!results.some((r) => r.length === 0)) errors.push(`${path}: matches none of anyOf (${results.map((r) => r[0]).join(' | ')})`);
  }
  if (Array.isArray(schema.oneOf)) {
    const results = (schema.oneOf as Schema[]).map((s) => validate(doc, s, value, path));
    const matches = results.filter((r) => r.length === 0).length;
    if (matches !== 1) errors.push(`${path}: matches ${matches} of oneOf, expected exactly one`);
  }
  if (typeof schema.type === 'string') {
    const actual = typeOf(value);
    const ok = schema.type === actual || (schema.type === 'number' && actual === 'integer');
    if (!ok) { errors.push(`${path}: expected ${schema.type}, got ${actual}`); return errors; }
  }
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) errors.push(`${path}: ${JSON.stringify(value)} not in enum`);
  if (typeof value === 'string') {
    if (typeof schema.maxLength === 'number' && value.length > schema.maxLength) errors.push(`${path}: longer than ${schema.maxLength}`);
    if (typeof schema.minLength === 'number' && value.length < schema.minLength) errors.push(`${path}: shorter than ${schema.minLength}`);
    if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern).test(value)) errors.push(`${path}: does not match ${schema.pattern}`);
  }
  if (Array.isArray(value) && schema.items) value.forEach((v, i) => errors.push(...validate(doc, schema.items as Schema, v, `${path}[${i}]`)));
  if (typeOf(value) === 'object') {
    const obj = value as Record<string, unknown>;
    const props = (schema.properties ?? {}) as Record<string, Schema>;
    for (const r of (schema.required ?? []) as string[]) if (!(r in obj)) errors.push(`${path}: missing required ${r}`);
    for (const [k, v] of Object.entries(obj)) {
      if (props[k]) errors.push(...validate(doc, props[k], v, `${path}.${k}`));
      else if (schema.additionalProperties === false) errors.push(`${path}: unexpected property ${k}`);
      else if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
        errors.push(...validate(doc, schema.additionalProperties as Schema, v, `${path}.${k}`));
      }
    }
  }
  return errors;
}

function jsonSchema(content: unknown): Schema | undefined {
  return (content as { 'application/json'?: { schema?: Schema } } | undefined)?.['application/json']?.schema;
}

/** The schema of an operation's request body, e.g. requestSchema(doc, 'post', '/payments'). */
export function requestSchema(doc: OpenApiDoc, method: string, path: string): Schema {
  const op = doc.paths[path]?.[method] as { requestBody?: { content?: unknown } } | undefined;
  const schema = jsonSchema(op?.requestBody?.content);
  if (!schema) throw new Error(`no request schema for ${method} ${path}`);
  return schema;
}

/** The schema of an operation's answer with that status; undefined when the answer has no body. */
export function responseSchema(doc: OpenApiDoc, method: string, path: string, status: number): Schema | undefined {
  const op = doc.paths[path]?.[method] as { responses?: Record<string, { content?: unknown }> } | undefined;
  const response = op?.responses?.[String(status)];
  if (!response) throw new Error(`${method} ${path} documents no ${status} answer`);
  return jsonSchema(response.content);
}
