import { MIGRATIONS, type Migration } from './db/migrations';
import { IDENTITY_MIGRATIONS } from './identity/identity-migrations';
import { TERMINAL_MIGRATIONS } from './terminals/terminal-migrations';
import { JOB_MIGRATIONS } from './jobs/job-migrations';
import { DOCUMENT_MIGRATIONS } from './documents/document-migrations';
import { DOWNLOAD_MIGRATIONS } from './documents/download-migrations';
import { REPORT_MIGRATIONS } from './reports/report-migrations';
import { POS_SETTINGS_MIGRATIONS } from './pos-settings/pos-settings-migrations';
import { DIAGNOSTICS_MIGRATIONS } from './diagnostics/diagnostics-migrations';
import { DASHBOARD_MIGRATIONS } from './dashboard/dashboard-migrations';
import { EXCHANGE_RATE_MIGRATIONS } from './exchange-rates/exchange-rate-migrations';
import { POS_LAYOUT_MIGRATIONS } from './quick-access/layout-migrations';
import { RECEIPT_TEMPLATE_MIGRATIONS } from './receipt-templates/template-migrations';
import { IMAGE_MIGRATIONS } from './uploads/image-migrations';
import { BUSINESS_DAY_MIGRATIONS } from './documents/business-day-migrations';
import { MESSAGE_MIGRATIONS } from './messages/message-migrations';
import { SECURITY_MIGRATIONS } from './identity/security-migrations';

/** Every versioned migration of the product's own tables, in one list (entity tables come from metadata). */
export const ALL_MIGRATIONS: Migration[] = [...MIGRATIONS, ...IDENTITY_MIGRATIONS, ...TERMINAL_MIGRATIONS, ...JOB_MIGRATIONS, ...DOCUMENT_MIGRATIONS, ...DOWNLOAD_MIGRATIONS, ...REPORT_MIGRATIONS, ...DIAGNOSTICS_MIGRATIONS, ...POS_SETTINGS_MIGRATIONS, ...DASHBOARD_MIGRATIONS, ...BUSINESS_DAY_MIGRATIONS, ...POS_LAYOUT_MIGRATIONS, ...EXCHANGE_RATE_MIGRATIONS, ...RECEIPT_TEMPLATE_MIGRATIONS, ...MESSAGE_MIGRATIONS, ...IMAGE_MIGRATIONS, ...SECURITY_MIGRATIONS];
