export { SwaggerDocsPage } from './swagger-docs-page';
