<?xml version="1.0" encoding="UTF-8"?>
<tileset name="outer" tilewidth="64" tileheight="74">
 <tileset firstgid="1" source="/dev/zero"/>
</tileset>
