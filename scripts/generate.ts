// `npm run generate`: writes the files the project generates from its own sources (each names its source at its top).
import { writeFileSync } from 'node:fs';
import { ENTITY_DOCUMENT_VALIDATOR_FILE, entityDocumentValidatorSource } from '../schemas/entity-document-validator-source';

writeFileSync(ENTITY_DOCUMENT_VALIDATOR_FILE, entityDocumentValidatorSource());
console.log(`wrote ${ENTITY_DOCUMENT_VALIDATOR_FILE}`);
