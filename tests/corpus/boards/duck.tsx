<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="duck" tilewidth="64" tileheight="74" tilecount="6" columns="6">
 <image source="duck-tiles.png" width="384" height="74"/>
 <tile id="0">
  <properties>
   <property name="kind" value="water"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="kind" value="start"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="kind" value="drain"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="kind" value="buoy"/>
   <property name="colour" value="red"/>
  </properties>
 </tile>
 <tile id="4">
  <properties>
   <property name="kind" value="buoy"/>
   <property name="colour" value="yellow"/>
  </properties>
 </tile>
 <tile id="5">
  <properties>
   <property name="kind" value="buoy"/>
   <property name="colour" value="green"/>
  </properties>
 </tile>
</tileset>
