/**
 * The password policy as a checklist that ticks each rule as the password meets it (the
 * contract's rules of a policy, see password-rules.ts). The texts come from the caller's
 * catalogue; `id` is what the password field's aria-describedby points at.
 */
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { type PasswordPolicy, type PasswordRuleId, passwordPolicies, unmetPasswordRules } from './password-rules';

export interface PasswordRulesListProps {
  id: string;
  password: string;
  policy?: PasswordPolicy;
  title: string;
  metLabel: string;
  notMetLabel: string;
  ruleLabel: (rule: PasswordRuleId, limits: { min: number; max: number }) => string;
}

export function PasswordRulesList({ id, password, policy = 'own', title, metLabel, notMetLabel, ruleLabel }: PasswordRulesListProps) {
  const unmet = unmetPasswordRules(password, policy);
  const { rules, limits } = passwordPolicies[policy];
  return (
    <List dense id={id} aria-label={title} disablePadding>
      {rules.map((rule) => (
        <ListItem key={rule.id} disableGutters sx={{ py: 0 }}>
          <ListItemIcon sx={{ minWidth: 32 }}>
            {unmet.includes(rule.id) ? (
              <RadioButtonUncheckedIcon fontSize="small" titleAccess={notMetLabel} />
            ) : (
              <CheckCircleIcon fontSize="small" color="success" titleAccess={metLabel} />
            )}
          </ListItemIcon>
          <ListItemText primary={ruleLabel(rule.id, limits)} />
        </ListItem>
      ))}
    </List>
  );
}
