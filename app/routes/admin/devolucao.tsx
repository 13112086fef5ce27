import { useState } from "react";
import { Link, data, useRevalidator } from "react-router";
import {
  REFUSABLE_RETURN_STATUSES,
  REFUSAL_DETAILS_MAX,
  RETURN_STATUS_NAMES,
  returnIdParamsSchema,
} from "../../../contract/admin/after-sale";
import {
  RETURN_REASONS,
  RETURN_REFUSAL_REASONS,
  type ReturnReason,
  type ReturnRefusalReason,
} from "../../../contract/after-sale";
import { PAYMENT_METHOD_NAMES } from "../../../contract/checkout";
import { returnForStaff } from "../../../server/domain/after-sale/admin-returns";
import { can } from "../../../server/domain/staff/permissions";
import { ConfirmDialog } from "~/components/admin/ConfirmDialog";
import { toastResult } from "~/components/admin/feedback";
import { formatDateTime } from "~/components/admin/format";
import { BackLink } from "~/components/admin/PageBits";
import { PageHeader } from "~/components/admin/PageHeader";
import { RETURN_TONE, StatusPill } from "~/components/admin/QueueBits";
import { adminCall } from "~/lib/admin-api";
import { requireStaffPage } from "~/lib/admin.server";
import { formatBRL } from "~/lib/money";
import type { Route } from "./+types/devolucao";

/**
 * /admin/devolucoes/{id} — one withdrawal request: its items, and approve → receive → refund, or
 * refuse before the products arrive. Refund is offered only when the order has money to give back.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const me = await requireStaffPage(context, request, "orders:read");
  const id = returnIdParamsSchema.safeParse({ id: params.id });
  const found = id.success
    ? await returnForStaff(context.db, id.data.id)
    : null;
  if (!found)
    throw data({ msg: "Pedido de devolução não encontrado." }, { status: 404 });
  const status = found.request.status;
  return {
    ...found,
    may: {
      approve: can(me.role, "returns:manage") && status === "solicitada",
      receive: can(me.role, "returns:manage") && status === "aprovada",
      refuse:
        can(me.role, "returns:manage") &&
        (REFUSABLE_RETURN_STATUSES as readonly string[]).includes(status),
      refund:
        can(me.role, "orders:refund") &&
        status === "recebida" &&
        !found.noRefund,
      /** The product's editor (its stock and ledger) is linked from each item. */
      stock: can(me.role, "catalog:read"),
    },
  };
}

const brl = (cents: number) => formatBRL(cents / 100);

export const meta: Route.MetaFunction = ({ data: page }) => [
  { title: `Devolução #${page?.request.id ?? ""} | Painel Vitrine` },
  { name: "robots", content: "noindex, nofollow" },
];

const STEPS = ["solicitada", "aprovada", "recebida", "reembolsada"] as const;

type Dialog = null | "approve" | "receive" | "refund" | "refuse";

export default function Devolucao({ loaderData }: Route.ComponentProps) {
  const {
    request: req,
    order,
    items,
    refunds,
    whole,
    refundCents,
    paid,
    noRefund,
    may,
  } = loaderData;
  const revalidator = useRevalidator();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState(false);
  const [resellable, setResellable] = useState<Set<number>>(
    () => new Set(items.map((i) => i.orderItemId)),
  );
  const [refusal, setRefusal] = useState<{
    motivo: ReturnRefusalReason | "";
    detalhes: string;
  }>({ motivo: "", detalhes: "" });

  async function act(run: () => ReturnType<typeof adminCall>) {
    setBusy(true);
    const result = await run();
    setBusy(false);
    setDialog(null);
    toastResult(
      result,
      result.ok
        ? String((result.data as { msg?: string }).msg ?? "Feito.")
        : "",
    );
    revalidator.revalidate();
  }

  const toggle = (id: number) =>
    setResellable((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const reached = STEPS.indexOf(req.status as (typeof STEPS)[number]);
  return (
    <>
      <BackLink to="/admin/devolucoes" label="Devoluções" />
      <PageHeader
        title={`Devolução #${req.id}`}
        description={
          <span className="inline-flex flex-wrap items-center gap-2">
            <StatusPill tone={RETURN_TONE[req.status]}>
              {RETURN_STATUS_NAMES[req.status]}
            </StatusPill>{" "}
            pedida em {formatDateTime(req.createdAt)} · pedido{" "}
            <Link
              to={`/admin/pedidos/${order.code}`}
              className="font-semibold text-brand-700 hover:underline"
            >
              {order.code}
            </Link>
          </span>
        }
        actions={
          <>
            {may.approve ? (
              <button
                type="button"
                className="adm-btn"
                onClick={() => setDialog("approve")}
              >
                Aprovar devolução
              </button>
            ) : null}
            {may.receive ? (
              <button
                type="button"
                className="adm-btn"
                onClick={() => setDialog("receive")}
              >
                Marcar como recebida
              </button>
            ) : null}
            {may.refuse ? (
              <button
                type="button"
                className="adm-btn-ghost"
                onClick={() => setDialog("refuse")}
              >
                Recusar
              </button>
            ) : null}
            {may.refund && refundCents ? (
              <button
                type="button"
                className="adm-btn-danger"
                onClick={() => setDialog("refund")}
              >
                Reembolsar {brl(refundCents)}
              </button>
            ) : null}
          </>
        }
      />

      <ol
        className="mb-4 flex flex-wrap gap-2 text-xs font-semibold"
        aria-label="Etapas da devolução"
      >
        {STEPS.map((s, i) => (
          <li
            key={s}
            className={`rounded-full px-3 py-1 ring-1 ${i <= reached ? "bg-brand-700 text-white ring-brand-700" : "bg-white text-ink-500 ring-ink-300"}`}
            aria-current={i === reached ? "step" : undefined}
          >
            {i + 1}. {RETURN_STATUS_NAMES[s]}
          </li>
        ))}
      </ol>

      <div className="grid gap-4 lg:grid-cols-3">
        <div className="flex flex-col gap-4 lg:col-span-2">
          <section
            className="adm-card overflow-x-auto p-5"
            aria-labelledby="dev-itens"
          >
            <h2 id="dev-itens" className="mb-3 font-bold text-ink-900">
              Itens devolvidos
            </h2>
            <table className="w-full text-sm">
              <thead className="text-left text-xs text-ink-500 uppercase">
                <tr>
                  <th className="py-2 pr-2">Produto</th>
                  <th className="px-2 py-2 text-right">Devolve</th>
                  <th className="hidden px-2 py-2 text-right sm:table-cell">
                    Unitário pago
                  </th>
                  <th className="py-2 pl-2 text-right">Estoque</th>
                </tr>
              </thead>
              <tbody>
                {items.map((i) => (
                  <tr
                    key={i.orderItemId}
                    className="border-t border-ink-100 align-top"
                  >
                    <td className="py-2 pr-2">
                      {i.productId && may.stock ? (
                        <Link
                          to={`/admin/produtos/${i.productId}#sec-estoque`}
                          className="font-medium text-brand-700 hover:underline"
                        >
                          {i.titulo}
                        </Link>
                      ) : (
                        <span className="font-medium">{i.titulo}</span>
                      )}
                      {i.variacao ? (
                        <span className="block text-xs text-ink-500">
                          {i.variacao}
                        </span>
                      ) : null}
                    </td>
                    <td className="px-2 py-2 text-right whitespace-nowrap tabular-nums">
                      {i.quantidade} de {i.comprados}
                    </td>
                    <td className="hidden px-2 py-2 text-right tabular-nums sm:table-cell">
                      {brl(i.unitCents)}
                    </td>
                    <td className="py-2 pl-2 text-right text-xs whitespace-nowrap">
                      {i.revenda === null
                        ? "—"
                        : i.revenda
                          ? "voltou ao estoque"
                          : "fora do estoque"}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>

          <section
            className="adm-card p-5 text-sm"
            aria-labelledby="dev-motivo"
          >
            <h2 id="dev-motivo" className="mb-2 font-bold text-ink-900">
              Motivo
            </h2>
            <p className="font-medium">
              {RETURN_REASONS[req.reason as ReturnReason] ?? req.reason}
            </p>
            {req.details ? (
              <p className="mt-1 break-words whitespace-pre-wrap text-ink-700">
                {req.details}
              </p>
            ) : null}
            {req.status === "recusada" ? (
              <div className="mt-3 border-t border-ink-100 pt-3">
                <h3 className="font-semibold text-ink-900">Motivo da recusa</h3>
                <p className="font-medium">
                  {RETURN_REFUSAL_REASONS[
                    req.refusalReason as ReturnRefusalReason
                  ] ?? req.refusalReason}
                </p>
                {req.refusalDetails ? (
                  <p className="mt-1 break-words whitespace-pre-wrap text-ink-700">
                    {req.refusalDetails}
                  </p>
                ) : null}
              </div>
            ) : null}
          </section>
        </div>

        <div className="flex flex-col gap-4">
          <section className="adm-card p-5 text-sm" aria-labelledby="dev-valor">
            <h2 id="dev-valor" className="mb-2 font-bold text-ink-900">
              Reembolso
            </h2>
            <dl className="grid grid-cols-[1fr_auto] gap-x-3 gap-y-1">
              <dt className="text-ink-500">Total do pedido</dt>
              <dd className="text-right tabular-nums">
                {brl(order.totalCents)}
              </dd>
              <dt className="text-ink-500">Frete pago</dt>
              <dd className="text-right tabular-nums">
                {brl(order.shippingCents)}
              </dd>
              <dt className="text-ink-500">Pagamento</dt>
              <dd className="text-right">
                {PAYMENT_METHOD_NAMES[order.paymentMethod]}
              </dd>
              {refundCents !== null && paid ? (
                <>
                  <dt className="font-semibold">A reembolsar</dt>
                  <dd className="text-right font-bold tabular-nums">
                    {brl(refundCents)}
                  </dd>
                </>
              ) : null}
            </dl>
            <p className="mt-2 text-xs text-ink-500">
              {whole
                ? "Devolução de todo o pedido: tudo o que foi pago, frete incluído (CDC art. 49)."
                : "Devolução parcial: as unidades devolvidas pelo que foi pago por elas (desconto rateado) mais o frete."}
            </p>
            {noRefund ? (
              <p
                role="note"
                className="mt-2 rounded-lg bg-amber-50 p-2 text-xs text-amber-900 ring-1 ring-amber-200"
              >
                {noRefund}
              </p>
            ) : null}
            {refunds.length ? (
              <ul className="mt-3 flex flex-col gap-1 border-t border-ink-100 pt-3">
                {refunds.map((r, n) => (
                  <li key={n} className="flex justify-between gap-2">
                    <span className="text-ink-500">
                      {formatDateTime(r.createdAt)} ·{" "}
                      {r.status === "done"
                        ? "feito"
                        : r.status === "pending"
                          ? "pendente"
                          : "recusado"}
                    </span>
                    <span className="tabular-nums">{brl(r.amountCents)}</span>
                  </li>
                ))}
              </ul>
            ) : null}
          </section>
          <section
            className="adm-card p-5 text-sm"
            aria-labelledby="dev-cliente"
          >
            <h2 id="dev-cliente" className="mb-2 font-bold text-ink-900">
              Cliente
            </h2>
            <p className="font-medium">{order.buyerNome}</p>
            <p className="break-all">{order.buyerEmail}</p>
          </section>
        </div>
      </div>

      {may.approve ? (
        <ConfirmDialog
          open={dialog === "approve"}
          title="Aprovar esta devolução?"
          confirmLabel="Aprovar"
          busy={busy}
          onConfirm={() =>
            act(() => adminCall("devolucaoAprovar", { id: req.id }))
          }
          onClose={() => setDialog(null)}
        >
          <p>
            O cliente já recebeu as instruções de envio por e-mail. Depois de
            aprovar, marque como recebida quando os produtos chegarem.
          </p>
        </ConfirmDialog>
      ) : null}

      {may.receive ? (
        <ConfirmDialog
          open={dialog === "receive"}
          title="Os produtos chegaram?"
          confirmLabel="Marcar como recebida"
          busy={busy}
          onConfirm={() =>
            act(() =>
              adminCall("devolucaoReceber", {
                id: req.id,
                revenda: [...resellable],
              }),
            )
          }
          onClose={() => setDialog(null)}
        >
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2">
              Marque o que pode ser vendido de novo: volta ao estoque agora
              (registrado como “Devolução”).
            </legend>
            {items.map((i) => (
              <label key={i.orderItemId} className="flex items-start gap-2">
                <input
                  type="checkbox"
                  className="mt-0.5 size-4"
                  checked={resellable.has(i.orderItemId)}
                  onChange={() => toggle(i.orderItemId)}
                />
                <span>
                  {i.quantidade}× {i.titulo}
                  {i.variacao ? ` (${i.variacao})` : ""}
                </span>
              </label>
            ))}
          </fieldset>
        </ConfirmDialog>
      ) : null}

      {may.refuse ? (
        <ConfirmDialog
          open={dialog === "refuse"}
          title="Recusar esta devolução?"
          confirmLabel="Recusar devolução"
          danger
          busy={busy}
          onConfirm={() =>
            act(() =>
              adminCall("devolucaoRecusar", {
                id: req.id,
                motivo: refusal.motivo as ReturnRefusalReason,
                detalhes: refusal.detalhes,
                situacao: req.status as (typeof REFUSABLE_RETURN_STATUSES)[number],
              }),
            )
          }
          onClose={() => setDialog(null)}
        >
          <p className="mb-3">
            O cliente recebe um e-mail com o motivo, que também aparece na
            página do pedido. Se os 7 dias ainda não acabaram, ele pode pedir
            de novo.
          </p>
          <label htmlFor="recusa-motivo" className="adm-label">
            Motivo da recusa
          </label>
          <select
            id="recusa-motivo"
            className="adm-input"
            required
            value={refusal.motivo}
            onChange={(e) =>
              setRefusal({
                ...refusal,
                motivo: e.target.value as ReturnRefusalReason,
              })
            }
          >
            <option value="">Escolha o motivo</option>
            {Object.entries(RETURN_REFUSAL_REASONS).map(([key, label]) => (
              <option key={key} value={key}>
                {label}
              </option>
            ))}
          </select>
          <label htmlFor="recusa-detalhes" className="adm-label mt-3">
            {refusal.motivo === "outro"
              ? "Explicação ao cliente"
              : "Explicação ao cliente (opcional)"}
          </label>
          <textarea
            id="recusa-detalhes"
            className="adm-input"
            rows={3}
            maxLength={REFUSAL_DETAILS_MAX}
            required={refusal.motivo === "outro"}
            value={refusal.detalhes}
            onChange={(e) =>
              setRefusal({ ...refusal, detalhes: e.target.value })
            }
          />
        </ConfirmDialog>
      ) : null}

      {may.refund ? (
        <ConfirmDialog
          open={dialog === "refund"}
          title={`Reembolsar ${refundCents ? brl(refundCents) : ""}?`}
          confirmLabel="Reembolsar"
          danger
          busy={busy}
          onConfirm={() =>
            act(() =>
              adminCall("devolucaoReembolsar", {
                id: req.id,
                valorCents: refundCents ?? 0,
              }),
            )
          }
          onClose={() => setDialog(null)}
        >
          <p>
            O valor volta ao cliente pelo mesmo meio de pagamento (
            {PAYMENT_METHOD_NAMES[order.paymentMethod]}).{" "}
            {whole
              ? "É tudo o que foi pago, frete incluído."
              : "Devolução parcial: inclui o frete."}{" "}
            Não dá para desfazer.
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
