// The report export feature's public face: the page of /report/export/{group}/{type} (component key 'report-export').
export { ReportExportPage } from './report-export-page';
