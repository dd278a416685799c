// One line per namespace; a feature adds its own catalogue here in all four locales.
import analytics from './analytics.json';
import auth from './auth.json';
import common from './common.json';
import dashboard from './dashboard.json';
import documentation from './documentation.json';
import errors from './errors.json';
import keys from './keys.json';
import lookup from './lookup.json';
import orgAdmin from './orgAdmin.json';
import orgSettings from './orgSettings.json';
import superArea from './super.json';
import userImports from './userImports.json';
import workflowImports from './workflowImports.json';

export default {
  common,
  auth,
  errors,
  dashboard,
  keys,
  documentation,
  userImports,
  super: superArea,
  analytics,
  lookup,
  orgAdmin,
  orgSettings,
  workflowImports,
};
