/**
 * A card's last four digits after the bullets that stand for the rest. The bullets lead in the
 * page's reading direction (right of the digits in ar-EG); the digits stay left to right in an
 * isolated span, like every card number.
 */
export function MaskedNumber({ lastFour }: { lastFour: string }) {
  return (
    <span className="masked-number">
      <span aria-hidden="true">••••</span>{' '}
      <bdi dir="ltr" className="ltr">
        {lastFour}
      </bdi>
    </span>
  );
}
