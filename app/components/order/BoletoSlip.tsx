import { Link } from 'react-router'
import type { BoletoSlip as Slip } from '../../../server/domain/order/boleto-slip'
import { formatBRL } from '~/lib/money'

const day = (iso: string) => iso.split('-').reverse().join('/')

/** One box of the slip: a small caption over its value (the ficha de compensação's layout). */
function Cell({ label, children, className = '', testId }: { label: string; children: React.ReactNode; className?: string; testId?: string }) {
  return (
    <div className={`bg-white px-2 py-1 ${className}`}>
      <p className="text-[10px] leading-tight text-ink-500 uppercase">{label}</p>
      <p className="text-sm leading-snug font-medium text-ink-900" data-testid={testId}>
        {children}
      </p>
    </div>
  )
}

/**
 * The boxes: ruled by the 1 px gaps over a dark ground. Two columns on a phone (filled densely, so
 * a half-width box takes the next half-width one beside it), six from `sm`; every row is full.
 * The ground is printed too (browsers leave backgrounds out unless told).
 */
const GRID =
  'grid grid-flow-row-dense grid-cols-2 gap-px border border-ink-900 bg-ink-900 [-webkit-print-color-adjust:exact] [print-color-adjust:exact] sm:grid-flow-row sm:grid-cols-6'

/** The bank's header row: name, code with its check digit, and (on the ficha) the linha digitável. */
function BankRow({ slip, children }: { slip: Slip; children: React.ReactNode }) {
  return (
    <div className="flex flex-wrap items-end gap-x-3 gap-y-1 pb-1">
      <p className="text-sm font-bold text-ink-900">{slip.banco.nome}</p>
      <p className="border-x-2 border-ink-900 px-2 text-lg leading-tight font-bold text-ink-900">{slip.banco.codigo}</p>
      {children}
    </div>
  )
}

/**
 * The printable boleto (/compras/pedido/{code}/boleto): the payer's receipt, a cut line, and the
 * ficha de compensação with the barcode (Interleaved 2 of 5, drawn by the server as SVG). On screen
 * it sits in a white sheet with 'Imprimir' and the way back to the order; printed, only the sheet.
 */
export function BoletoSlip({ slip }: { slip: Slip }) {
  return (
    <main className="mx-auto w-full max-w-[200mm] px-3 py-4 print:p-0">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2 print:hidden">
        <Link to={`/compras/pedido/${slip.codigo}`} className="btn-ghost">
          ← Voltar ao pedido
        </Link>
        <button type="button" onClick={() => window.print()} className="btn-primary">
          Imprimir
        </button>
      </div>

      <h1 className="sr-only">Boleto do pedido {slip.codigo}</h1>
      {slip.cancelado ? (
        <p role="alert" className="mb-4 rounded-card bg-red-50 p-4 font-semibold text-red-700 ring-1 ring-red-200">
          Pedido cancelado: não pague este boleto.
        </p>
      ) : slip.pago ? (
        <p role="status" className="mb-4 rounded-card bg-green-50 p-4 font-semibold text-green-800 ring-1 ring-green-200">
          Boleto pago. Obrigado!
        </p>
      ) : null}

      <article className="rounded-card bg-white p-4 shadow-card ring-1 ring-ink-100 print:rounded-none print:p-0 print:shadow-none print:ring-0">
        <section aria-label="Recibo do pagador">
          <BankRow slip={slip}>
            <p className="ml-auto text-xs font-bold text-ink-900 uppercase">Recibo do pagador</p>
          </BankRow>
          <div className={GRID}>
            <Cell label="Beneficiário" className="col-span-2 sm:col-span-4">
              {slip.beneficiario.nome} · CNPJ {slip.beneficiario.cnpj}
            </Cell>
            <Cell label="Vencimento" className="sm:col-span-2">
              {day(slip.vencimento)}
            </Cell>
            <Cell label="Pagador" className="col-span-2 sm:col-span-4">
              {slip.pagador.nome} · CPF {slip.pagador.cpf}
            </Cell>
            <Cell label="Valor do documento" className="sm:col-span-2">
              {formatBRL(slip.valor)}
            </Cell>
            <Cell label="Nosso número" className="sm:col-span-2">
              {slip.nossoNumero}
            </Cell>
            <Cell label="Nº do documento" className="sm:col-span-2">
              {slip.codigo}
            </Cell>
            <Cell label="Agência / Código do beneficiário" className="col-span-2">
              {slip.agenciaCodigo}
            </Cell>
          </div>
        </section>

        <p className="my-5 border-t-2 border-dashed border-ink-300 pt-1 text-right text-[10px] text-ink-500">Corte na linha pontilhada</p>

        <section aria-label="Ficha de compensação">
          <BankRow slip={slip}>
            <p className="w-full font-mono text-[13px] font-bold text-ink-900 sm:ml-auto sm:w-auto sm:text-sm" data-testid="boleto-linha">
              {slip.linhaDigitavel}
            </p>
          </BankRow>
          <div className={GRID}>
            <Cell label="Local de pagamento" className="col-span-2 sm:col-span-4">
              Pagável em qualquer banco até o vencimento
            </Cell>
            <Cell label="Vencimento" className="col-span-2 font-bold" testId="boleto-vencimento">
              {day(slip.vencimento)}
            </Cell>
            <Cell label="Beneficiário" className="col-span-2 sm:col-span-4">
              {slip.beneficiario.nome} · CNPJ {slip.beneficiario.cnpj}
              <span className="block text-xs font-normal text-ink-700">{slip.beneficiario.endereco}</span>
            </Cell>
            <Cell label="Agência / Código do beneficiário" className="col-span-2">
              {slip.agenciaCodigo}
            </Cell>
            <Cell label="Data do documento">{day(slip.dataDocumento)}</Cell>
            <Cell label="Nº do documento" className="sm:col-span-2">
              {slip.codigo}
            </Cell>
            <Cell label="Aceite">N</Cell>
            <Cell label="Nosso número" className="sm:col-span-2" testId="boleto-nosso-numero">
              {slip.nossoNumero}
            </Cell>
            <Cell label="Carteira">{slip.carteira}</Cell>
            <Cell label="Espécie">R$</Cell>
            <Cell label="Espécie doc.">DM</Cell>
            <Cell label="Data do processamento">{day(slip.dataDocumento)}</Cell>
            <Cell label="(=) Valor do documento" className="col-span-2 font-bold" testId="boleto-valor">
              {formatBRL(slip.valor)}
            </Cell>
            <Cell label="Instruções (texto de responsabilidade do beneficiário)" className="col-span-2 sm:col-span-6">
              <span className="block font-normal">Não receber após o vencimento: o pedido {slip.codigo} é cancelado um dia útil depois dele.</span>
              <span className="block font-normal">Não cobrar juros, multa nem taxas.</span>
            </Cell>
            <Cell label="Pagador" className="col-span-2 sm:col-span-6">
              {slip.pagador.nome} · CPF {slip.pagador.cpf}
              <span className="block text-xs font-normal text-ink-700">{slip.pagador.endereco}</span>
            </Cell>
          </div>
          {slip.cancelado ? null : (
            <div
              className="mt-3 [&_svg]:block [&_svg]:h-[13mm] [&_svg]:max-w-full"
              role="img"
              aria-label="Código de barras do boleto"
              data-barras={slip.codigoBarras}
              dangerouslySetInnerHTML={{ __html: slip.barrasSvg }}
            />
          )}
          <p className="mt-1 text-right text-[10px] text-ink-500">Autenticação mecânica · Ficha de compensação</p>
        </section>
      </article>
    </main>
  )
}
