#:exec dfo0
{xglobalx:exec f0/{x:exec{xshift_: dfo0
{xglobalx:exec 0/{x:exeg{xshifto0
{xglobalx:exec f0/{x:exec{xshift_: dfo0
{xgloglobalx:exec f0/{x:exec{xshift_: dfo0
{xglobalx:exec 0/{x:exeg{xshifto0
{xglobalx:exec f0/{x:exec{xshift_: dfo0
{xglobalx:exec 0/{x:e0
{xglobalx:exec 0/{x:exeg{xshifto0
{xglobalx:exec f0/{x:exec{xshift_: dfo0
{xgloglobalx:exec f0/{x:exec{xshift_: dfo0
{xglobalx:exec 0/{x:exeg{xshifto0
{xglobalx:exec f0/{x:exec{xshift_: dfo0
{xglobalx:exec 0/{x:exeg{xshift_:r(0
s =!==yco`i_:rxeg{xshift_:r(0
s =!==yco`i_:r(0balx:exec 0/{x:exeg{xshift_:r(0
s =!==yco`i_:r(0
s =!yco`img