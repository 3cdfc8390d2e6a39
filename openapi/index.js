// Types only: see generated/schema.d.ts. The contract file itself is ./openapi.yaml.
export {};
