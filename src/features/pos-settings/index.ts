// The POS settings feature's public face: the page of /settings/pos/configuration (component key 'framed-configuration').
export { PosConfigurationPage } from './pos-configuration-page';
