import { mjPromptEntity } from '@smart/api-sdk/entities';
import type { MjPrompt } from '@smart/api-sdk';
import { useCanAct, type CrudRowActionContext, type EntityPageExtension, type EntityRow } from '@smart/crud';
import { Button } from '@smart/ui';
import { Brush, Image as ImageIcon, WandSparkles } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DrawDialog } from './DrawDialog';
import { DrawingDialog } from './DrawingDialog';
import { canDraw, inFlight, POLL_MS, progressOf } from './drawing-state';
import { GenerateDialog } from './GenerateDialog';

/** The contract's operations (x-entity.actions: generate needs the page's add button, the others its edit). */
const GENERATE_OP = 'mjPromptGenerate';
const DRAW_OP = 'mjPromptDraw';

const asPrompt = (row: EntityRow) => row as unknown as MjPrompt;

/**
 * The draw dialog and then the drawing's dialog, for one prompt at a time: `draw` opens the first, a drawing
 * submitted (or `show`) the second. Closing the drawing lists the page again (its row moved on meanwhile).
 */
function useDrawFlow(page: CrudRowActionContext) {
  const [drawing, setDrawing] = useState<MjPrompt>();
  const [shown, setShown] = useState<string>();
  const dialogs = (
    <>
      <DrawDialog
        prompt={drawing}
        onOpenChange={(o) => (o ? undefined : setDrawing(undefined))}
        onDrawn={(p) => {
          page.reload();
          setShown(p.id);
        }}
      />
      {/* mounted while shown only: its query runs then, and a page without a query client renders without it */}
      {shown !== undefined ? (
        <DrawingDialog
          id={shown}
          onOpenChange={(o) => {
            if (o) return;
            setShown(undefined);
            page.reload();
          }}
          onShow={setShown}
        />
      ) : null}
    </>
  );
  return { draw: setDrawing, show: setShown, dialogs };
}

/** 生成提示词 in the toolbar; the new prompt's draw dialog opens next, as drawing is what the operator came for. */
function GenerateButton({ page }: { page: CrudRowActionContext }) {
  const { t } = useTranslation();
  const canAct = useCanAct(mjPromptEntity);
  const [open, setOpen] = useState(false);
  const flow = useDrawFlow(page);
  if (!canAct(GENERATE_OP)) return null;
  return (
    <>
      <Button variant="primary" data-action="mj-generate-open" onClick={() => setOpen(true)}>
        <WandSparkles aria-hidden />
        {t('mj.generateTitle')}
      </Button>
      <GenerateDialog
        open={open}
        onOpenChange={setOpen}
        onGenerated={(p) => {
          page.reload();
          if (canAct(DRAW_OP)) flow.draw(p);
        }}
      />
      {flow.dialogs}
    </>
  );
}

/** A row's 绘图 (undrawn or failed prompts) and 查看绘图 (prompts with a drawing). */
function RowActions({ row, page }: { row: MjPrompt; page: CrudRowActionContext }) {
  const { t } = useTranslation();
  const canAct = useCanAct(mjPromptEntity);
  const flow = useDrawFlow(page);
  return (
    <>
      {canDraw(row.mjStatus) && canAct(DRAW_OP) ? (
        <Button variant="link" size="xs" data-action="mj-draw-open" onClick={() => flow.draw(row)}>
          <Brush aria-hidden />
          {t('mj.draw')}
        </Button>
      ) : null}
      {row.mjTaskId ? (
        <Button variant="link" size="xs" data-action="mj-drawing-open" onClick={() => flow.show(row.id)}>
          <ImageIcon aria-hidden />
          {t('mj.viewDrawing')}
        </Button>
      ) : null}
      {flow.dialogs}
    </>
  );
}

/** The drawing's image in its cell, opening full size; its name says so (a link needs one). */
function Thumbnail({ url }: { url: string }) {
  const { t } = useTranslation();
  if (!url) return null;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer">
      <img src={url} alt={t('mj.openFull')} loading="lazy" className="size-12 rounded border object-cover" />
    </a>
  );
}

/** The progress of a drawing in its cell: a bar and the percentage the proxy reported. */
function ProgressCell({ row }: { row: MjPrompt }) {
  if (!row.mjStatus) return null;
  const percent = progressOf(row);
  return (
    <div className="flex items-center gap-2">
      <div className="h-1.5 w-16 overflow-hidden rounded-full bg-muted" aria-hidden>
        <div className="h-full bg-primary" style={{ width: `${percent}%` }} />
      </div>
      <span className="text-xs tabular-nums">{percent}%</span>
    </div>
  );
}

/**
 * The prompts' generic page (libs/crud entity-extension.ts) as the drawing desk: generate a prompt from an app, draw
 * it for a customer, watch its progress (the list polls while drawings are under way) and open the image with its
 * upscale and variation buttons. Add, edit and remove stay the kit's.
 */
const extension: EntityPageExtension = {
  listColumns: ['prompt', 'mjStatus', 'mjProgress', 'mjAction', 'imageUrl', 'createTime'],
  // the drawing fields are the server's (read-only): listed only when named here
  columns: {
    mjStatus: {},
    mjAction: {},
    createTime: {},
    mjProgress: { render: (row) => <ProgressCell row={asPrompt(row)} /> },
    imageUrl: { render: (row) => <Thumbnail url={String(row['imageUrl'] ?? '')} /> },
  },
  toolbar: (page) => <GenerateButton page={page} />,
  rowActions: (row, page) => <RowActions row={asPrompt(row)} page={page} />,
  menuWidth: 300,
  refetchInterval: (rows) => (rows.some((r) => inFlight(String(r['mjStatus'] ?? ''))) ? POLL_MS : false),
};
export default extension;
