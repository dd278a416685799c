/**
 * One workflow (docs/product.md, "Look-up"): its name, id, stage (translated), organization,
 * workspace and author, a button that opens the source video through a fresh signed
 * link, and every field as an expandable JSON tree.
 */
import { type LookupWorkflowView, workflowStages } from '@console/contracts/lookup';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useT } from '../../../i18n/use-t';
import { CopyButton } from '../../../lib/copy';
import { DetailRow } from '../../../lib/DetailRow';
import { errorMessage } from '../../../lib/error-message';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { getOriginalVideo } from '../api/workflows';
import { JsonTree } from './JsonTree';

const LABEL_WIDTH = 150;

/** The stage's label in the user's language; a stage this console does not know is shown as it is. */
export function useStageLabel() {
  const { t } = useT();
  return (stage: string) =>
    (workflowStages as readonly string[]).includes(stage) ? t(`lookup:stages.${stage as (typeof workflowStages)[number]}`) : stage;
}

/**
 * Opens the video in a new tab. The tab is opened at the click (a tab opened after an
 * await is blocked as a pop-up), then sent to the signed link once the server gives it.
 */
async function openVideo(id: string, failed: string) {
  const tab = window.open('', '_blank');
  try {
    const { signedUrl } = await getOriginalVideo(id);
    if (tab) {
      tab.opener = null;
      tab.location.href = signedUrl;
    } else window.location.assign(signedUrl);
  } catch (err) {
    tab?.close();
    notify.error(errorMessage(err, failed));
  }
}

export function WorkflowDetails({ workflow: w }: { workflow: LookupWorkflowView }) {
  const { t } = useT();
  const stageLabel = useStageLabel();
  const titleId = `workflow-${w.id}`;
  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardContent>
        <Typography component="h2" variant="h6" id={titleId} sx={{ mb: 1, overflowWrap: 'anywhere' }}>
          {w.title}
        </Typography>
        <Stack component="dl" sx={{ m: 0, mb: 2 }}>
          <DetailRow labelWidth={LABEL_WIDTH} label={t('lookup:workflow.id')}>
            <code>{w.id}</code>
            <CopyButton value={w.id} label={t('lookup:workflow.copyId')} />
          </DetailRow>
          <DetailRow labelWidth={LABEL_WIDTH} label={t('lookup:workflow.stage')}>
            <Chip size="small" color={w.stage === 'published' ? 'success' : 'info'} variant="outlined" label={stageLabel(w.stage)} />
          </DetailRow>
          <DetailRow labelWidth={LABEL_WIDTH} label={t('lookup:workflow.organization')}>
            {w.organization.name}
            {w.organization.disabled && <Chip size="small" label={t('lookup:workflows.orgDisabled')} />}
            <CopyButton value={w.organization.id} label={t('lookup:workflow.copyOrganizationId')} />
          </DetailRow>
          <DetailRow labelWidth={LABEL_WIDTH} label={t('lookup:workflow.workspace')}>
            {w.workspace.private ? `${w.workspace.name} (${t('lookup:user.private')})` : w.workspace.name}
          </DetailRow>
          <DetailRow labelWidth={LABEL_WIDTH} label={t('lookup:workflow.author')}>
            {w.author ? `${w.author.displayName}${w.author.email ? ` (${w.author.email})` : ''}` : '—'}
          </DetailRow>
          <DetailRow labelWidth={LABEL_WIDTH} label={t('lookup:workflow.createdAt')}>
            {formatDateTime(w.createdAt)}
          </DetailRow>
          <DetailRow labelWidth={LABEL_WIDTH} label={t('lookup:workflow.steps')}>
            {w.steps.length}
          </DetailRow>
          <DetailRow labelWidth={LABEL_WIDTH} label={t('lookup:workflow.video')}>
            {w.sourceVideo ? (
              <Button
                size="small"
                variant="outlined"
                startIcon={<OpenInNewIcon />}
                onClick={() => void openVideo(w.id, 'lookup:errors.video')}
              >
                {t('lookup:workflow.openVideo')}
              </Button>
            ) : (
              t('lookup:workflow.noVideo')
            )}
          </DetailRow>
        </Stack>
        <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
          {t('lookup:workflow.data')}
        </Typography>
        <JsonTree data={w} label={t('lookup:workflow.data')} rootName="workflow" />
      </CardContent>
    </Card>
  );
}
