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
import { ownPasswordPolicy, type PasswordPolicy, type PasswordRuleId } from './password-rules';

export interface PasswordRulesListProps {
  id: string;
  password: string;
  policy?: PasswordPolicy;
  title: string;
  metLabel: string;
  notMetLabel: string;
  ruleLabel: (rule: PasswordRuleId, limits: { min: number; max: number }) => string;
}

export function PasswordRulesList({
  id,
  password,
  policy = ownPasswordPolicy,
  title,
  metLabel,
  notMetLabel,
  ruleLabel,
}: PasswordRulesListProps) {
  const unmet = policy.unmet(password);
  const { rules, limits } = policy;
  return (
    <List dense id={id} aria-label={title} disablePadding>
      {rules.map((rule) => (
        <ListItem key={rule} disableGutters sx={{ py: 0 }}>
          <ListItemIcon sx={{ minWidth: 32 }}>
            {unmet.includes(rule) ? (
              <RadioButtonUncheckedIcon fontSize="small" titleAccess={notMetLabel} />
            ) : (
              <CheckCircleIcon fontSize="small" color="success" titleAccess={metLabel} />
            )}
          </ListItemIcon>
          <ListItemText primary={ruleLabel(rule, limits)} />
        </ListItem>
      ))}
    </List>
  );
}
