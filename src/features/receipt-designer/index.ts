export { ReceiptDesignerPage } from './receipt-designer-page';
